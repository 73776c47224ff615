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

/** Lucide "power": signing in and out. */
export const PowerIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 2v10" />
    <path d="M18.4 6.6a9 9 0 1 1-12.77.04" />
  </Icon>
);

/** Lucide "gavel": a decision (approve or reject). */
export const GavelIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m14.5 12.5-8 8a2.119 2.119 0 1 1-3-3l8-8" />
    <path d="m16 16 6-6" />
    <path d="m8 8 6-6" />
    <path d="m9 7 8 8" />
    <path d="m21 11-8-8" />
  </Icon>
);

/** Lucide "circle-dot": any other event. */
export const CircleDotIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="10" />
    <circle cx="12" cy="12" r="1" />
  </Icon>
);

/** Lucide "arrow-left": back. */
export const ArrowLeftIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m12 19-7-7 7-7" />
    <path d="M19 12H5" />
  </Icon>
);

/** Lucide "chevron-left": previous. */
export const ChevronLeftIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m15 18-6-6 6-6" />
  </Icon>
);

/** Lucide "chevron-right": next. */
export const ChevronRightIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m9 18 6-6-6-6" />
  </Icon>
);

/** Lucide "x": close. */
export const CloseIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M18 6 6 18" />
    <path d="m6 6 12 12" />
  </Icon>
);
