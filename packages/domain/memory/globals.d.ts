// structuredClone is a global of every runtime the domain targets (Node 17+, all current
// browsers), but it is declared by the DOM and Node typings, which the domain does not load.
declare function structuredClone<T>(value: T): T;
