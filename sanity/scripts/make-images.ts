/**
 * Generates the bundled dataset's illustrations for the site pages (home hero, Open Graph image and one
 * hero per landing page) from hand-written SVG, rasterised to WebP with sharp.
 *
 *   npx tsx sanity/scripts/make-images.ts            writes sanity/dataset/images/*.webp and prints
 *                                                   one sanity.imageAsset document per line (NDJSON)
 *
 * Asset ids follow Sanity's export format: the asset id is the sha1 of the file bytes, so an unchanged
 * drawing keeps its id and a changed one gets a new id (and a new file name). The printed asset
 * documents live in sanity/dataset/data.ndjson next to the pages that reference them; after changing a
 * drawing, replace its asset document and the _ref values there, and delete the old file.
 */
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const BLUE = "#3b6cf6";
const SUN = "#ffb547";
const INK = "#14172b";
const BLUE_50 = "#eef3ff";
const BLUE_100 = "#dbe5fe";
const BLUE_200 = "#bccdfc";
const BLUE_400 = "#7b9cf9";
const SUN_50 = "#fff7ea";
const SUN_100 = "#ffe9c4";
const SUN_300 = "#ffd08a";
const MINT = "#8fd9c4";
const ROSE = "#f7b6c8";
const WHITE = "#ffffff";

type Drawing = {
  name: string;
  width: number;
  height: number;
  /** Background gradient stops (top-left to bottom-right). */
  bg: [string, string];
  /** Soft blurred colour fields behind the motif: [cx, cy, r, colour, opacity]. */
  glows: Array<[number, number, number, string, number]>;
  motif: string;
};

const r = (n: number) => Math.round(n * 10) / 10;

function circle(cx: number, cy: number, radius: number, fill: string, extra = ""): string {
  return `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(radius)}" fill="${fill}" ${extra}/>`;
}

function rect(x: number, y: number, w: number, h: number, rx: number, fill: string, extra = ""): string {
  return `<rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h)}" rx="${rx}" fill="${fill}" ${extra}/>`;
}

/** A rounded "person": head plus shoulders, anchored at the bottom centre. */
function person(cx: number, baseY: number, size: number, body: string, head: string): string {
  const headR = size * 0.22;
  const bodyW = size * 0.78;
  const bodyH = size * 0.62;
  return [
    `<path d="M${r(cx - bodyW / 2)} ${r(baseY)} v${r(-bodyH * 0.45)} a${r(bodyW / 2)} ${r(bodyH * 0.55)} 0 0 1 ${r(bodyW)} 0 v${r(bodyH * 0.45)} z" fill="${body}"/>`,
    circle(cx, baseY - bodyH - headR * 1.15, headR, head),
  ].join("");
}

function check(cx: number, cy: number, size: number, stroke: string, width: number): string {
  const s = size / 2;
  return `<path d="M${r(cx - s)} ${r(cy)} l${r(s * 0.7)} ${r(s * 0.7)} l${r(s * 1.3)} ${r(-s * 1.4)}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function star(cx: number, cy: number, size: number, fill: string): string {
  // A four-point sparkle.
  const s = size;
  const k = size * 0.22;
  return `<path d="M${r(cx)} ${r(cy - s)} Q${r(cx + k)} ${r(cy - k)} ${r(cx + s)} ${r(cy)} Q${r(cx + k)} ${r(cy + k)} ${r(cx)} ${r(cy + s)} Q${r(cx - k)} ${r(cy + k)} ${r(cx - s)} ${r(cy)} Q${r(cx - k)} ${r(cy - k)} ${r(cx)} ${r(cy - s)} z" fill="${fill}"/>`;
}

function shieldPath(cx: number, top: number, w: number, h: number): string {
  const hw = w / 2;
  return `M${r(cx)} ${r(top)} C${r(cx + hw * 0.55)} ${r(top + h * 0.08)} ${r(cx + hw * 0.8)} ${r(top + h * 0.1)} ${r(cx + hw)} ${r(top + h * 0.1)} V${r(top + h * 0.48)} C${r(cx + hw)} ${r(top + h * 0.76)} ${r(cx + hw * 0.45)} ${r(top + h * 0.92)} ${r(cx)} ${r(top + h)} C${r(cx - hw * 0.45)} ${r(top + h * 0.92)} ${r(cx - hw)} ${r(top + h * 0.76)} ${r(cx - hw)} ${r(top + h * 0.48)} V${r(top + h * 0.1)} C${r(cx - hw * 0.8)} ${r(top + h * 0.1)} ${r(cx - hw * 0.55)} ${r(top + h * 0.08)} ${r(cx)} ${r(top)} z`;
}

function wave(y: number, amp: number, len: number, phase: number, width: number, height: number): string {
  let d = `M0 ${r(y)}`;
  for (let x = 0; x <= width; x += 20) {
    d += ` L${x} ${r(y + amp * Math.sin((x / len) * Math.PI * 2 + phase))}`;
  }
  return `${d} L${width} ${height} L0 ${height} z`;
}

function ring(cx: number, cy: number, radius: number, stroke: string, width: number, extra = ""): string {
  return `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(radius)}" fill="none" stroke="${stroke}" stroke-width="${width}" ${extra}/>`;
}

const drawings: Drawing[] = [
  {
    name: "home-hero",
    width: 1200,
    height: 800,
    bg: [BLUE_50, SUN_50],
    glows: [
      [880, 260, 260, SUN_300, 0.7],
      [260, 620, 300, BLUE_200, 0.7],
    ],
    motif: [
      circle(840, 300, 150, SUN),
      `<path d="${wave(560, 26, 900, 0.6, 1200, 800)}" fill="${BLUE_100}"/>`,
      `<path d="${wave(610, 20, 700, 2.2, 1200, 800)}" fill="${BLUE_200}" opacity="0.8"/>`,
      person(360, 640, 230, BLUE, INK),
      person(520, 640, 190, BLUE_400, INK),
      person(650, 640, 130, SUN, INK),
      person(760, 640, 170, INK, BLUE),
      ring(560, 470, 330, WHITE, 6, 'stroke-dasharray="2 22" stroke-linecap="round" opacity="0.9"'),
      star(230, 200, 26, SUN),
      star(1030, 560, 18, BLUE),
    ].join(""),
  },
  {
    name: "og-image",
    width: 1200,
    height: 630,
    bg: [BLUE, "#2a4fc4"],
    glows: [
      [980, 120, 260, SUN, 0.55],
      [120, 560, 280, BLUE_400, 0.6],
    ],
    motif: [
      circle(930, 315, 170, SUN),
      ring(930, 315, 230, WHITE, 4, 'opacity="0.35"'),
      ring(930, 315, 290, WHITE, 3, 'opacity="0.2"'),
      ...[0, 1, 2, 3, 4, 5].map((i) => {
        const a = (i / 6) * Math.PI * 2 - Math.PI / 2;
        return circle(930 + 230 * Math.cos(a), 315 + 230 * Math.sin(a), 16, WHITE);
      }),
      `<text x="96" y="330" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" font-size="132" fill="${WHITE}" letter-spacing="-4">Happr</text>`,
      `<text x="100" y="400" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="34" fill="${BLUE_100}">Grow together, privately.</text>`,
      rect(100, 440, 300, 6, 3, SUN),
    ].join(""),
  },
  // Audiences
  {
    name: "parents-guardians",
    width: 1200,
    height: 800,
    bg: [SUN_50, BLUE_50],
    glows: [
      [600, 360, 320, SUN_100, 0.9],
      [1000, 680, 220, BLUE_200, 0.6],
    ],
    motif: [
      `<path d="M250 560 A350 330 0 0 1 950 560" fill="none" stroke="${BLUE}" stroke-width="34" stroke-linecap="round"/>`,
      `<path d="M320 560 A280 260 0 0 1 880 560" fill="none" stroke="${BLUE_200}" stroke-width="14" stroke-linecap="round"/>`,
      rect(180, 640, 840, 22, 11, BLUE_100),
      person(470, 640, 250, BLUE, INK),
      person(730, 640, 250, INK, BLUE),
      person(600, 640, 140, SUN, INK),
      circle(600, 170, 34, SUN),
      star(940, 180, 20, BLUE_400),
      star(260, 250, 14, SUN),
    ].join(""),
  },
  {
    name: "young-intellectuals",
    width: 1200,
    height: 800,
    bg: [BLUE_50, "#f4f0ff"],
    glows: [
      [600, 300, 300, BLUE_200, 0.7],
      [300, 650, 200, SUN_100, 0.9],
    ],
    motif: [
      `<ellipse cx="600" cy="330" rx="360" ry="120" fill="none" stroke="${BLUE_400}" stroke-width="4" transform="rotate(-12 600 330)" opacity="0.8"/>`,
      `<ellipse cx="600" cy="330" rx="300" ry="90" fill="none" stroke="${SUN}" stroke-width="4" transform="rotate(16 600 330)" opacity="0.8"/>`,
      circle(600, 330, 70, SUN),
      circle(905, 250, 16, BLUE),
      circle(340, 390, 12, INK),
      // An open book.
      `<path d="M600 520 C520 470 380 470 300 500 V680 C380 650 520 650 600 700 z" fill="${BLUE}"/>`,
      `<path d="M600 520 C680 470 820 470 900 500 V680 C820 650 680 650 600 700 z" fill="${BLUE_400}"/>`,
      `<path d="M600 520 V700" stroke="${INK}" stroke-width="6" stroke-linecap="round"/>`,
      ...[0, 1, 2].map(
        (i) =>
          `<path d="M350 ${545 + i * 38} C420 ${525 + i * 38} 500 ${528 + i * 38} 560 ${555 + i * 38}" stroke="${WHITE}" stroke-width="6" fill="none" stroke-linecap="round" opacity="0.7"/>`,
      ),
      ...[0, 1, 2].map(
        (i) =>
          `<path d="M640 ${555 + i * 38} C700 ${528 + i * 38} 780 ${525 + i * 38} 850 ${545 + i * 38}" stroke="${WHITE}" stroke-width="6" fill="none" stroke-linecap="round" opacity="0.7"/>`,
      ),
      star(220, 160, 24, SUN),
      star(1000, 120, 18, BLUE),
      star(1010, 470, 12, SUN),
    ].join(""),
  },
  {
    name: "goal-achievers",
    width: 1200,
    height: 800,
    bg: ["#fdf3e3", BLUE_50],
    glows: [
      [900, 200, 240, SUN_300, 0.7],
      [200, 300, 220, BLUE_100, 0.8],
    ],
    motif: [
      circle(920, 200, 80, SUN),
      `<path d="M80 760 L430 330 L600 520 L760 280 L1120 760 z" fill="${BLUE}"/>`,
      `<path d="M430 330 L500 416 L460 400 L430 440 L400 400 L362 414 z" fill="${WHITE}" opacity="0.9"/>`,
      `<path d="M760 280 L840 388 L790 372 L760 410 L728 372 L690 386 z" fill="${WHITE}" opacity="0.9"/>`,
      `<path d="M-40 800 L300 520 L520 800 z" fill="${INK}" opacity="0.9"/>`,
      `<path d="M260 760 C360 700 460 690 540 610 C620 540 700 420 760 290" fill="none" stroke="${SUN}" stroke-width="8" stroke-dasharray="4 22" stroke-linecap="round"/>`,
      `<path d="M760 284 V170" stroke="${INK}" stroke-width="8" stroke-linecap="round"/>`,
      `<path d="M764 172 L860 198 L764 226 z" fill="${SUN}"/>`,
    ].join(""),
  },
  {
    name: "discreet-navigators",
    width: 1200,
    height: 800,
    bg: ["#1b2140", "#2b3a78"],
    glows: [
      [860, 220, 240, BLUE, 0.5],
      [300, 640, 200, SUN, 0.25],
    ],
    motif: [
      // A crescent moon.
      `<path d="M900 120 A130 130 0 1 0 1000 340 A105 105 0 1 1 900 120 z" fill="${SUN_100}"/>`,
      ...[
        [180, 140, 3],
        [320, 90, 2],
        [520, 170, 3],
        [640, 80, 2],
        [760, 300, 2],
        [1100, 120, 3],
        [420, 300, 2],
        [1080, 420, 2],
      ].map(([x, y, s]) => circle(x ?? 0, y ?? 0, s ?? 2, WHITE, 'opacity="0.8"')),
      `<path d="${wave(600, 18, 1100, 0.3, 1200, 800)}" fill="#232c5c"/>`,
      `<path d="${wave(660, 14, 800, 1.9, 1200, 800)}" fill="${INK}"/>`,
      // A quiet path of lights leading away.
      ...[0, 1, 2, 3, 4, 5, 6].map((i) =>
        circle(260 + i * 110, 720 - i * 22, 10 - i, SUN, `opacity="${r(0.95 - i * 0.1)}"`),
      ),
      // A small lantern.
      circle(300, 560, 70, SUN, 'opacity="0.18"'),
      rect(280, 530, 40, 56, 10, SUN),
      `<path d="M286 530 q14 -26 28 0" fill="none" stroke="${SUN_100}" stroke-width="5"/>`,
    ].join(""),
  },
  // Core features
  {
    name: "my-vision-board",
    width: 1200,
    height: 800,
    bg: [SUN_50, "#fdeef3"],
    glows: [
      [300, 200, 220, SUN_100, 0.9],
      [950, 620, 260, BLUE_100, 0.8],
    ],
    motif: [
      rect(160, 110, 880, 580, 36, WHITE, 'opacity="0.85"'),
      rect(210, 160, 300, 220, 22, BLUE),
      circle(300, 240, 40, SUN),
      `<path d="M210 340 L310 280 L400 330 L460 290 L510 330 V358 a22 22 0 0 1 -22 22 H232 a22 22 0 0 1 -22 -22 z" fill="${BLUE_400}"/>`,
      rect(540, 160, 220, 140, 22, SUN_300),
      star(650, 230, 34, WHITE),
      rect(790, 160, 200, 280, 22, INK),
      ...[0, 1, 2].map((i) => rect(820, 200 + i * 50, 140 - i * 30, 14, 7, BLUE_200)),
      check(890, 380, 56, SUN, 10),
      rect(210, 410, 260, 230, 22, ROSE),
      `<path d="M340 560 C280 510 262 478 290 458 C310 444 330 456 340 474 C350 456 370 444 390 458 C418 478 400 510 340 560 z" fill="${WHITE}"/>`,
      rect(500, 330, 260, 310, 22, BLUE_100),
      ...[0, 1, 2, 3].map((i) => rect(530, 370 + i * 56, i % 2 ? 160 : 200, 18, 9, BLUE_400)),
      rect(790, 470, 200, 170, 22, MINT),
      circle(890, 555, 44, WHITE, 'opacity="0.8"'),
      ...[
        [360, 160],
        [650, 160],
        [890, 160],
        [340, 410],
        [630, 330],
        [890, 470],
      ].map(([x, y]) => circle(x ?? 0, y ?? 0, 11, SUN, `stroke="${INK}" stroke-width="3"`)),
    ].join(""),
  },
  {
    name: "my-safe-circle",
    width: 1200,
    height: 800,
    bg: [BLUE_50, "#eef8f5"],
    glows: [
      [600, 400, 320, BLUE_100, 0.9],
      [960, 160, 180, SUN_100, 0.9],
    ],
    motif: [
      ring(600, 400, 300, BLUE_200, 4, 'stroke-dasharray="3 18" stroke-linecap="round"'),
      ring(600, 400, 230, BLUE, 10),
      circle(600, 400, 150, WHITE, 'opacity="0.9"'),
      `<path d="${shieldPath(600, 320, 130, 160)}" fill="${BLUE}"/>`,
      `<path d="M600 440 C560 408 548 386 566 372 C580 362 594 370 600 382 C606 370 620 362 634 372 C652 386 640 408 600 440 z" fill="${SUN}"/>`,
      ...[0, 1, 2, 3, 4, 5].map((i) => {
        const a = (i / 6) * Math.PI * 2 - Math.PI / 2;
        const x = 600 + 230 * Math.cos(a);
        const y = 400 + 230 * Math.sin(a);
        const colours = [SUN, INK, BLUE_400, MINT, ROSE, SUN_300];
        return circle(x, y, 40, WHITE) + circle(x, y, 30, colours[i] ?? SUN);
      }),
    ].join(""),
  },
  {
    name: "my-calendar",
    width: 1200,
    height: 800,
    bg: [BLUE_50, SUN_50],
    glows: [
      [250, 250, 220, SUN_100, 0.9],
      [950, 600, 240, BLUE_200, 0.7],
    ],
    motif: [
      rect(240, 150, 720, 540, 40, WHITE),
      `<path d="M240 190 a40 40 0 0 1 40 -40 h640 a40 40 0 0 1 40 40 v70 h-720 z" fill="${BLUE}"/>`,
      rect(360, 110, 22, 90, 11, INK),
      rect(818, 110, 22, 90, 11, INK),
      ...Array.from({ length: 35 }, (_, i) => {
        const col = i % 7;
        const row = Math.floor(i / 7);
        const x = 280 + col * 92;
        const y = 290 + row * 76;
        const special: Record<number, string> = { 3: SUN, 9: BLUE_400, 16: MINT, 18: SUN, 24: ROSE, 30: BLUE };
        return rect(x, y, 72, 58, 14, special[i] ?? BLUE_50);
      }),
      check(596, 320, 34, WHITE, 8),
      ring(925, 590, 92, SUN, 18),
      `<path d="M925 540 V592 L960 612" stroke="${INK}" stroke-width="12" fill="none" stroke-linecap="round"/>`,
    ].join(""),
  },
  {
    name: "happr-lounge-mini",
    width: 1200,
    height: 800,
    bg: ["#f3f1ff", SUN_50],
    glows: [
      [380, 300, 260, BLUE_100, 0.9],
      [860, 560, 240, SUN_100, 0.9],
    ],
    motif: [
      `<path d="M210 180 h420 a48 48 0 0 1 48 48 v170 a48 48 0 0 1 -48 48 h-300 l-70 60 v-60 h-50 a48 48 0 0 1 -48 -48 v-170 a48 48 0 0 1 48 -48 z" fill="${BLUE}"/>`,
      ...[0, 1, 2].map((i) => rect(250, 230 + i * 52, 340 - i * 80, 20, 10, WHITE, 'opacity="0.85"')),
      `<path d="M560 390 h400 a48 48 0 0 1 48 48 v150 a48 48 0 0 1 -48 48 h-50 v60 l-70 -60 h-280 a48 48 0 0 1 -48 -48 v-150 a48 48 0 0 1 48 -48 z" fill="${SUN}"/>`,
      ...[0, 1].map((i) => rect(600, 440 + i * 52, 300 - i * 90, 20, 10, INK, 'opacity="0.75"')),
      `<path d="M760 120 h190 a36 36 0 0 1 36 36 v80 a36 36 0 0 1 -36 36 h-130 l-50 40 v-40 h-10 a36 36 0 0 1 -36 -36 v-80 a36 36 0 0 1 36 -36 z" fill="${MINT}"/>`,
      circle(820, 196, 12, WHITE) + circle(860, 196, 12, WHITE) + circle(900, 196, 12, WHITE),
      // Moderation badge.
      circle(250, 590, 78, WHITE),
      `<path d="${shieldPath(250, 535, 84, 108)}" fill="${INK}"/>`,
      check(252, 590, 40, SUN, 9),
    ].join(""),
  },
  {
    name: "happr-cam",
    width: 1200,
    height: 800,
    bg: ["#fdf1ea", BLUE_50],
    glows: [
      [350, 420, 260, SUN_100, 0.9],
      [900, 250, 220, BLUE_100, 0.9],
    ],
    motif: [
      `<g transform="rotate(-8 420 420)">${rect(250, 200, 340, 400, 18, WHITE, `stroke="${BLUE_100}" stroke-width="4"`)}${rect(275, 225, 290, 280, 10, BLUE_400)}${circle(360, 300, 36, SUN)}<path d="M275 470 L380 380 L450 430 L520 390 L565 430 V495 a10 10 0 0 1 -10 10 H285 a10 10 0 0 1 -10 -10 z" fill="${BLUE}"/></g>`,
      `<g transform="rotate(7 760 420)">${rect(600, 210, 340, 400, 18, WHITE, `stroke="${SUN_100}" stroke-width="4"`)}${rect(625, 235, 290, 280, 10, SUN_300)}${person(770, 515, 220, BLUE, INK)}</g>`,
      // A lens / aperture.
      circle(960, 610, 110, INK),
      ring(960, 610, 80, BLUE_400, 8),
      ...[0, 1, 2, 3, 4, 5].map((i) => {
        const a = (i / 6) * Math.PI * 2;
        return `<path d="M960 610 L${r(960 + 70 * Math.cos(a))} ${r(610 + 70 * Math.sin(a))} L${r(960 + 70 * Math.cos(a + 1.05))} ${r(610 + 70 * Math.sin(a + 1.05))} z" fill="${i % 2 ? BLUE : "#2a4fc4"}"/>`;
      }),
      circle(960, 610, 26, INK),
      circle(948, 598, 8, WHITE, 'opacity="0.8"'),
      // A small lock: the photos stay private.
      rect(185, 140, 70, 56, 12, INK),
      `<path d="M200 140 v-16 a20 20 0 0 1 40 0 v16" fill="none" stroke="${INK}" stroke-width="9"/>`,
      circle(220, 166, 7, SUN),
    ].join(""),
  },
  {
    name: "my-habits",
    width: 1200,
    height: 800,
    bg: ["#eef8f5", SUN_50],
    glows: [
      [300, 250, 240, MINT, 0.45],
      [900, 560, 260, SUN_100, 0.9],
    ],
    motif: [
      `<path d="M140 620 C320 600 420 520 560 470 C700 420 820 330 1060 220" fill="none" stroke="${BLUE_200}" stroke-width="18" stroke-linecap="round"/>`,
      ...[0, 1, 2, 3, 4, 5, 6].map((i) => {
        const x = 170 + i * 145;
        const y = 610 - i * 62;
        const done = i < 5;
        return (
          circle(
            x,
            y,
            50,
            done ? BLUE : WHITE,
            done ? "" : `stroke="${BLUE_400}" stroke-width="6" stroke-dasharray="10 10"`,
          ) + (done ? check(x, y, 42, WHITE, 9) : "")
        );
      }),
      star(1040, 140, 30, SUN),
      star(940, 110, 14, SUN),
      rect(140, 150, 380, 140, 28, WHITE, 'opacity="0.9"'),
      ...[0, 1, 2, 3, 4, 5, 6].map((i) => circle(185 + i * 48, 200, 16, i < 5 ? SUN : SUN_100)),
      rect(170, 240, 220, 16, 8, BLUE_200),
    ].join(""),
  },
  // The Responsibility Framework
  {
    name: "mindset",
    width: 1200,
    height: 800,
    bg: [SUN_50, "#fdeee4"],
    glows: [
      [600, 520, 360, SUN_300, 0.6],
      [180, 160, 180, BLUE_100, 0.9],
    ],
    motif: [
      ...Array.from({ length: 13 }, (_, i) => {
        const a = Math.PI + (i / 12) * Math.PI;
        return `<path d="M${r(600 + 220 * Math.cos(a))} ${r(560 + 220 * Math.sin(a))} L${r(600 + 340 * Math.cos(a))} ${r(560 + 340 * Math.sin(a))}" stroke="${SUN}" stroke-width="14" stroke-linecap="round" opacity="0.75"/>`;
      }),
      `<path d="M420 560 A180 180 0 0 1 780 560 z" fill="${SUN}"/>`,
      `<path d="${wave(560, 10, 600, 0, 1200, 800)}" fill="${BLUE}"/>`,
      `<path d="${wave(640, 14, 500, 1.5, 1200, 800)}" fill="#2a4fc4"/>`,
      `<path d="${wave(710, 10, 400, 3, 1200, 800)}" fill="${INK}"/>`,
      `<path d="M280 240 C330 200 380 210 400 250" stroke="${INK}" stroke-width="6" fill="none" stroke-linecap="round"/>`,
      `<path d="M360 200 C400 170 440 180 454 210" stroke="${INK}" stroke-width="6" fill="none" stroke-linecap="round"/>`,
    ].join(""),
  },
  {
    name: "safety-first",
    width: 1200,
    height: 800,
    bg: [BLUE_50, "#e8effd"],
    glows: [
      [600, 400, 320, BLUE_200, 0.7],
      [980, 180, 180, SUN_100, 0.9],
    ],
    motif: [
      ring(600, 400, 330, BLUE_100, 3),
      ring(600, 400, 260, BLUE_200, 3),
      `<path d="${shieldPath(600, 150, 380, 480)}" fill="${BLUE}"/>`,
      `<path d="${shieldPath(600, 195, 300, 385)}" fill="#2a4fc4"/>`,
      check(600, 400, 150, SUN, 28),
      rect(170, 520, 150, 110, 22, WHITE),
      rect(195, 550, 100, 14, 7, BLUE_200),
      rect(195, 580, 70, 14, 7, BLUE_200),
      rect(880, 230, 150, 110, 22, WHITE),
      circle(925, 285, 22, SUN),
      rect(960, 275, 46, 14, 7, BLUE_200),
    ].join(""),
  },
  {
    name: "ethical-ai-use",
    width: 1200,
    height: 800,
    bg: ["#f1f4ff", "#f7f3ff"],
    glows: [
      [600, 400, 300, BLUE_100, 0.9],
      [250, 650, 200, SUN_100, 0.9],
    ],
    motif: (() => {
      const nodes: Array<[number, number, number, string]> = [
        [600, 400, 60, BLUE],
        [360, 240, 30, BLUE_400],
        [840, 240, 30, BLUE_400],
        [330, 540, 30, BLUE_400],
        [870, 560, 30, BLUE_400],
        [600, 150, 22, SUN],
        [600, 660, 22, SUN],
        [180, 390, 18, INK],
        [1020, 390, 18, INK],
      ];
      const edges: Array<[number, number]> = [
        [0, 1],
        [0, 2],
        [0, 3],
        [0, 4],
        [1, 5],
        [2, 5],
        [3, 6],
        [4, 6],
        [1, 7],
        [3, 7],
        [2, 8],
        [4, 8],
      ];
      return [
        ...edges.map(([a, b]) => {
          const p = nodes[a];
          const q = nodes[b];
          return p && q
            ? `<path d="M${p[0]} ${p[1]} L${q[0]} ${q[1]}" stroke="${BLUE_200}" stroke-width="6" stroke-linecap="round"/>`
            : "";
        }),
        ...nodes.map(([x, y, s, c]) => circle(x, y, s + 10, WHITE) + circle(x, y, s, c)),
        // A balance at the centre: fair, explainable, human-reviewed.
        `<path d="M600 372 V428 M584 428 h32 M566 384 h68" stroke="${WHITE}" stroke-width="7" stroke-linecap="round" fill="none"/>`,
        `<path d="M556 396 a14 10 0 0 0 24 0 z M620 396 a14 10 0 0 0 24 0 z" fill="${SUN}"/>`,
        circle(600, 372, 7, SUN),
      ].join("");
    })(),
  },
  {
    name: "respect-and-inclusivity",
    width: 1200,
    height: 800,
    bg: [SUN_50, "#f3f6ff"],
    glows: [
      [400, 300, 260, ROSE, 0.35],
      [850, 520, 260, BLUE_100, 0.9],
    ],
    motif: [
      circle(470, 330, 150, BLUE, 'opacity="0.85"'),
      circle(690, 330, 150, SUN, 'opacity="0.85"'),
      circle(580, 510, 150, MINT, 'opacity="0.85"'),
      circle(360, 520, 90, ROSE, 'opacity="0.85"'),
      circle(820, 520, 90, BLUE_400, 'opacity="0.85"'),
      circle(580, 160, 60, INK, 'opacity="0.85"'),
      circle(580, 400, 44, WHITE),
      `<path d="M580 424 C556 404 548 390 560 380 C570 373 578 378 580 386 C582 378 590 373 600 380 C612 390 604 404 580 424 z" fill="${ROSE}"/>`,
      star(200, 200, 20, SUN),
      star(1000, 200, 24, BLUE),
      star(1010, 660, 14, SUN),
    ].join(""),
  },
  {
    name: "integrated-well-being",
    width: 1200,
    height: 800,
    bg: ["#eef8f5", BLUE_50],
    glows: [
      [850, 250, 240, SUN_100, 0.9],
      [300, 400, 260, MINT, 0.4],
    ],
    motif: [
      circle(860, 240, 90, SUN),
      `<path d="${wave(500, 30, 1000, 0.4, 1200, 800)}" fill="${MINT}" opacity="0.8"/>`,
      `<path d="${wave(580, 26, 760, 2.1, 1200, 800)}" fill="${BLUE_400}" opacity="0.9"/>`,
      `<path d="${wave(660, 20, 600, 3.6, 1200, 800)}" fill="${BLUE}"/>`,
      `<path d="${wave(730, 14, 480, 0.9, 1200, 800)}" fill="${INK}"/>`,
      // A sprout.
      `<path d="M360 500 C360 420 364 360 372 300" stroke="#2f8f6f" stroke-width="10" fill="none" stroke-linecap="round"/>`,
      `<path d="M370 330 C300 320 260 270 270 220 C330 220 370 270 370 330 z" fill="#3fae87"/>`,
      `<path d="M372 300 C420 260 480 250 520 270 C500 320 440 340 372 300 z" fill="${MINT}"/>`,
      ring(860, 240, 140, SUN, 4, 'opacity="0.5"'),
    ].join(""),
  },
];

function toSvg(d: Drawing): string {
  const glows = d.glows
    .map(([cx, cy, radius, colour, opacity]) =>
      circle(cx, cy, radius, colour, `opacity="${opacity}" filter="url(#soft)"`),
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${d.width}" height="${d.height}" viewBox="0 0 ${d.width} ${d.height}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${d.bg[0]}"/><stop offset="1" stop-color="${d.bg[1]}"/></linearGradient>
<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="70"/></filter>
</defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
${glows}
${d.motif}
</svg>`;
}

export type ImageAssetDocument = {
  _id: string;
  _type: "sanity.imageAsset";
  assetId: string;
  extension: "webp";
  mimeType: "image/webp";
  originalFilename: string;
  path: string;
  sha1hash: string;
  size: number;
  metadata: {
    _type: "sanity.imageMetadata";
    dimensions: { _type: "sanity.imageDimensions"; width: number; height: number; aspectRatio: number };
  };
};

async function render(d: Drawing, outDir: string): Promise<ImageAssetDocument> {
  const bytes = await sharp(Buffer.from(toSvg(d)))
    .resize(d.width, d.height)
    .webp({ quality: 78, effort: 6, smartSubsample: true })
    .toBuffer();
  const sha1 = createHash("sha1").update(bytes).digest("hex");
  const file = `${sha1}-${d.width}x${d.height}.webp`;
  writeFileSync(join(outDir, file), bytes);
  return {
    _id: `image-${sha1}-${d.width}x${d.height}-webp`,
    _type: "sanity.imageAsset",
    assetId: sha1,
    extension: "webp",
    mimeType: "image/webp",
    originalFilename: `${d.name}.webp`,
    path: `images/${file}`,
    sha1hash: sha1,
    size: bytes.length,
    metadata: {
      _type: "sanity.imageMetadata",
      dimensions: {
        _type: "sanity.imageDimensions",
        width: d.width,
        height: d.height,
        aspectRatio: d.width / d.height,
      },
    },
  };
}

async function main(): Promise<void> {
  const outDir = join(dirname(fileURLToPath(import.meta.url)), "..", "dataset", "images");
  mkdirSync(outDir, { recursive: true });
  for (const d of drawings) {
    const doc = await render(d, outDir);
    process.stdout.write(`${JSON.stringify(doc)}\n`);
  }
}

await main();
