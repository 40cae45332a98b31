"use client";

import { useEffect, useRef, useState } from "react";

/**
 * A moment's photo: shown at once, or (discreet mode's "conceal photos") behind a button until the
 * member opens it, so a glance at the screen shows nothing. Until then the image is not even loaded.
 * The placeholder is a few blurred pixels (a data: URL), only ever shown while the photo loads.
 * Opened from the keyboard, focus moves to the photo the button made way for, not to the page's top.
 */
export function ConcealedPhoto({
  src,
  alt,
  width,
  height,
  placeholder,
  concealed,
  className = "",
}: {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
  placeholder?: string | null;
  concealed: boolean;
  className?: string;
}) {
  const [shown, setShown] = useState(!concealed);
  const [opened, setOpened] = useState(false);
  const photo = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (opened) photo.current?.focus();
  }, [opened]);
  if (!shown) {
    return (
      <button
        type="button"
        onClick={() => {
          setShown(true);
          setOpened(true);
        }}
        className={`flex aspect-[4/3] w-full items-center justify-center rounded-2xl border border-slate-300 bg-slate-100 text-sm font-semibold text-ink hover:bg-slate-200 ${className}`}
      >
        Show photo
      </button>
    );
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the app's own image route checks who asks on every request: next/image's cache would not
    <img
      ref={photo}
      tabIndex={opened ? -1 : undefined}
      src={src}
      alt={alt}
      width={width ?? undefined}
      height={height ?? undefined}
      className={`h-auto w-full rounded-2xl bg-slate-100 object-cover ${className}`}
      style={placeholder ? { backgroundImage: `url(${placeholder})`, backgroundSize: "cover" } : undefined}
    />
  );
}
