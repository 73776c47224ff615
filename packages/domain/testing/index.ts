export * from './builders';
export * from './contracts/persistence.contract';
export * from './contracts/secrets.contract';
export * from './text-samples';
export * from './media-fakes';
export { mediaStoreContract, patternBytes } from './contracts/media.contract';
