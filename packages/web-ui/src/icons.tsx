/*
 * The icons of both apps, drawn as inline SVG so they look the same in every browser: a
 * character such as U+23FB (power) shows as an empty box where no installed font has it,
 * as in Debian's Chromium.
 *
 * The shapes are Lucide's (https://lucide.dev), under its ISC License:
 *
 *   Copyright (c) 2020, Lucide Contributors
 *
 *   Permission to use, copy, modify, and/or distribute this software for any purpose with or
 *   without fee is hereby granted, provided that the above copyright notice and this permission
 *   notice appear in all copies.
 *
 *   THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES WITH REGARD TO THIS
 *   SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL
 *   THE AUTHOR BE LIABLE FOR ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY
 *   DAMAGES WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN ACTION OF
 *   CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF OR IN CONNECTION WITH THE USE
 *   OR PERFORMANCE OF THIS SOFTWARE.
 */
import type { ReactNode } from 'react';

interface IconProps {
  /** The size in CSS pixels; the icon follows the text colour. */
  readonly size?: number;
  readonly className?: string;
}

/** Decorative: the control or text beside it carries the meaning, so screen readers skip it. */
function Icon({ size = 18, className, children }: IconProps & { readonly children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className === undefined ? 'svg-icon' : `svg-icon ${className}`}
    >
      {children}
    </svg>
  );
}

/** A path (its `d`) or a circle of an icon's drawing. */
type Shape = string | { readonly cx: number; readonly cy: number; readonly r: number };

/** An icon drawn with Lucide's shapes. */
function icon(shapes: readonly Shape[]) {
  return function DrawnIcon(props: IconProps) {
    return (
      <Icon {...props}>
        {shapes.map((shape) =>
          typeof shape === 'string' ? (
            <path key={shape} d={shape} />
          ) : (
            <circle key={`${shape.cx} ${shape.cy} ${shape.r}`} {...shape} />
          ),
        )}
      </Icon>
    );
  };
}

/** Lucide "power": signing in and out. */
export const PowerIcon = /* @__PURE__ */ icon(['M12 2v10', 'M18.4 6.6a9 9 0 1 1-12.77.04']);

/** Lucide "gavel": a decision (approve or reject). */
export const GavelIcon = /* @__PURE__ */ icon([
  'm14.5 12.5-8 8a2.119 2.119 0 1 1-3-3l8-8',
  'm16 16 6-6',
  'm8 8 6-6',
  'm9 7 8 8',
  'm21 11-8-8',
]);

/** Lucide "circle-dot": any other event. */
export const CircleDotIcon = /* @__PURE__ */ icon([
  { cx: 12, cy: 12, r: 10 },
  { cx: 12, cy: 12, r: 1 },
]);

/** Lucide "arrow-left": back. */
export const ArrowLeftIcon = /* @__PURE__ */ icon(['m12 19-7-7 7-7', 'M19 12H5']);

/** Lucide "chevron-left": previous. */
export const ChevronLeftIcon = /* @__PURE__ */ icon(['m15 18-6-6 6-6']);

/** Lucide "chevron-right": next. */
export const ChevronRightIcon = /* @__PURE__ */ icon(['m9 18 6-6-6-6']);

/** Lucide "x": close. */
export const CloseIcon = /* @__PURE__ */ icon(['M18 6 6 18', 'm6 6 12 12']);
