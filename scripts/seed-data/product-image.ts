/**
 * A small drawn product picture per demo product: a flat illustration of its form (box, blister, bottle…)
 * on a light tinted background, 240×240 WebP. The hue comes from the category so a category looks
 * consistent; the product name nudges hue, accent and pose so neighbours differ. No text in the SVG:
 * fonts are not guaranteed where the seed runs. Same product in, same bytes out.
 */
import sharp from "sharp";
import type { ProductForm, SeedProduct } from "./catalogue";

const SIZE = 240;

/** Hues that stay pleasant both as a pale background and as a saturated pack colour. */
const HUES = [4, 18, 32, 45, 140, 160, 175, 192, 205, 218, 232, 258, 275, 292, 318, 340];

/** FNV-1a: tiny, stable across runs and platforms (unlike anything seeded from Math.random). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** hsl → #rrggbb, because hex colours are the one format every SVG renderer agrees on. */
function hsl(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

type Palette = {
  bg: string;
  halo: string;
  shadow: string;
  main: string;
  dark: string;
  light: string;
  accent: string;
  glass: string;
  white: string;
  silver: string;
  steel: string;
  screen: string;
};

/** Per-product knobs drawn from the name hash, so every choice is reproducible. */
type Variant = { bits: number; tilt: number };

function paletteFor(product: SeedProduct): { palette: Palette; variant: Variant } {
  const base = HUES[hash(product.category) % HUES.length];
  const bits = hash(product.name);
  const hue = (base + ((bits % 21) - 10) + 360) % 360;
  // Accent: complementary, or a neighbour on either side, depending on the product.
  const accentHue = (hue + [150, 40, -40][(bits >>> 5) % 3] + 360) % 360;
  // Yellows and oranges turn muddy when dark, so they get lighter and more saturated.
  const warm = hue >= 25 && hue <= 70;
  const lift = ((bits >>> 8) % 8) + (warm ? 8 : 0);
  const saturation = warm ? 70 : 58;
  return {
    palette: {
      bg: hsl(base, 60, 95),
      halo: hsl(base, 55, 89),
      shadow: hsl(base, 25, 80),
      main: hsl(hue, saturation, 44 + lift),
      dark: hsl(hue, saturation, 32 + lift),
      light: hsl(hue, 65, 80),
      accent: hsl(accentHue, 68, 56),
      glass: hsl(hue, 35, 93),
      white: "#ffffff",
      silver: "#dde3ea",
      steel: "#a7b1bf",
      screen: hsl(hue, 30, 22),
    },
    variant: { bits, tilt: ((bits >>> 12) % 11) - 5 },
  };
}

type Draw = (p: Palette, v: Variant) => string;

/** A small medical cross, the only "logo" a pack gets. */
const cross = (cx: number, cy: number, size: number, fill: string) => {
  const t = size / 3;
  return `<path d="M${cx - t / 2} ${
    cy - size / 2
  }h${t}v${t}h${t}v${t}h${-t}v${t}h${-t}v${-t}h${-t}v${-t}h${t}z" fill="${fill}"/>`;
};

/** Capsule lying along the x axis centred on (0,0), two coloured halves. */
function capsule(length: number, width: number, left: string, right: string, highlight: string): string {
  const r = width / 2;
  const half = length / 2 - r;
  return (
    `<path d="M0 ${-r}h${half}a${r} ${r} 0 0 1 0 ${width}h${-half}z" fill="${right}"/>` +
    `<path d="M0 ${-r}v${width}h${-half}a${r} ${r} 0 0 1 0 ${-width}z" fill="${left}"/>` +
    `<rect x="${-half}" y="${-r + width * 0.2}" width="${length - width}" height="${width * 0.14}" rx="${
      width * 0.07
    }" fill="${highlight}" opacity=".45"/>`
  );
}

/** Sachet outline with serrated (heat-sealed) top and bottom edges. */
function sachetPath(x: number, y: number, w: number, h: number): string {
  const teeth = 8;
  const step = w / teeth;
  let d = `M${x} ${y}`;
  for (let i = 0; i < teeth; i++) d += `l${step / 2} -5l${step / 2} 5`;
  d += `v${h}`;
  for (let i = 0; i < teeth; i++) d += `l${-step / 2} 5l${-step / 2} -5`;
  return `${d}z`;
}

const DRAW: Record<ProductForm, Draw> = {
  tablet: (p, v) => {
    const rows = 2 + (v.bits % 2);
    const pills = Array.from({ length: rows * 3 }, (_, i) => {
      const cx = 120 + (i % 3) * 26;
      const cy = 132 + Math.floor(i / 3) * 22;
      return `<circle cx="${cx}" cy="${cy}" r="9" fill="${p.white}" stroke="${p.steel}" stroke-width="2"/>`;
    }).join("");
    return (
      `<rect x="46" y="44" width="104" height="140" rx="6" fill="${p.main}"/>` +
      `<rect x="46" y="44" width="104" height="16" rx="6" fill="${p.dark}"/>` +
      `<rect x="46" y="84" width="104" height="40" fill="${p.white}"/>` +
      cross(76, 104, 24, p.accent) +
      `<rect x="96" y="98" width="42" height="12" rx="6" fill="${p.light}"/>` +
      `<g transform="rotate(${v.tilt} 146 146)">` +
      `<rect x="100" y="114" width="92" height="${14 + rows * 22}" rx="10" fill="${p.silver}" stroke="${
        p.steel
      }" stroke-width="2"/>` +
      pills +
      `</g>`
    );
  },
  capsule: (p, v) => {
    const second = v.bits % 2 ? p.white : p.accent;
    return (
      `<g transform="translate(104 96) rotate(${-35 + v.tilt})">${capsule(
        118,
        44,
        p.main,
        second,
        p.white,
      )}</g>` +
      `<g transform="translate(150 150) rotate(${25 - v.tilt})">${capsule(
        96,
        36,
        p.accent,
        p.main,
        p.white,
      )}</g>` +
      `<g transform="translate(78 166) rotate(${-8 + v.tilt})">${capsule(
        70,
        28,
        p.dark,
        second,
        p.white,
      )}</g>`
    );
  },
  syrup: (p) =>
    `<rect x="74" y="80" width="88" height="116" rx="16" fill="${p.dark}"/>` +
    `<rect x="98" y="60" width="40" height="26" fill="${p.dark}"/>` +
    `<rect x="90" y="36" width="56" height="30" rx="5" fill="${p.accent}"/>` +
    `<path d="M90 44h56M90 52h56M90 60h56" stroke="${p.white}" stroke-opacity=".35" stroke-width="2"/>` +
    `<rect x="74" y="112" width="88" height="54" fill="${p.white}"/>` +
    `<rect x="74" y="112" width="88" height="10" fill="${p.main}"/>` +
    cross(96, 146, 20, p.accent) +
    `<rect x="112" y="140" width="38" height="10" rx="5" fill="${p.light}"/>` +
    `<path d="M82 90v90" stroke="${p.white}" stroke-opacity=".3" stroke-width="6" stroke-linecap="round"/>` +
    `<path d="M164 150h36l-6 46h-24z" fill="${p.glass}" stroke="${p.steel}" stroke-width="2"/>` +
    `<path d="M167 172h30l-3 24h-24z" fill="${p.light}"/>`,
  cream: (p, v) =>
    `<g transform="rotate(${-28 + v.tilt} 120 122)">` +
    `<rect x="30" y="98" width="18" height="52" rx="2" fill="${p.steel}"/>` +
    `<path d="M34 100v48M40 100v48M46 100v48" stroke="${p.silver}" stroke-width="2"/>` +
    `<path d="M48 96L164 108v32L48 152z" fill="${p.main}"/>` +
    `<path d="M80 99.5L132 105v38L80 148.5z" fill="${p.white}"/>` +
    cross(106, 124, 20, p.accent) +
    `<path d="M164 108l12 6v20l-12 6z" fill="${p.white}"/>` +
    `<rect x="176" y="106" width="30" height="36" rx="5" fill="${p.accent}"/>` +
    `<path d="M184 106v36M192 106v36M200 106v36" stroke="${p.white}" stroke-opacity=".3" stroke-width="2"/>` +
    `</g>`,
  injection: (p, v) =>
    `<rect x="44" y="100" width="58" height="92" rx="10" fill="${p.glass}" stroke="${p.steel}" stroke-width="2"/>` +
    `<rect x="46" y="140" width="54" height="50" rx="8" fill="${p.light}"/>` +
    `<rect x="44" y="128" width="58" height="28" fill="${p.main}"/>` +
    `<rect x="56" y="84" width="34" height="18" fill="${p.silver}" stroke="${p.steel}" stroke-width="2"/>` +
    `<rect x="50" y="64" width="46" height="22" rx="4" fill="${p.accent}"/>` +
    `<g transform="rotate(${-40 + v.tilt} 150 130)">` +
    `<path d="M62 130h34" stroke="${p.steel}" stroke-width="3" stroke-linecap="round"/>` +
    `<rect x="94" y="124" width="12" height="12" rx="2" fill="${p.steel}"/>` +
    `<rect x="106" y="116" width="88" height="28" rx="4" fill="${p.white}" stroke="${p.steel}" stroke-width="2"/>` +
    `<rect x="108" y="118" width="50" height="24" fill="${p.main}" opacity=".75"/>` +
    `<path d="M122 116v9M136 116v9M150 116v9M164 116v9M178 116v9" stroke="${p.steel}" stroke-width="2"/>` +
    `<rect x="190" y="108" width="7" height="44" rx="2" fill="${p.dark}"/>` +
    `<rect x="197" y="125" width="26" height="10" fill="${p.silver}" stroke="${p.steel}" stroke-width="2"/>` +
    `<rect x="222" y="112" width="8" height="36" rx="3" fill="${p.dark}"/>` +
    `</g>`,
  drops: (p) =>
    `<rect x="76" y="108" width="76" height="88" rx="12" fill="${p.main}"/>` +
    `<rect x="76" y="132" width="76" height="40" fill="${p.white}"/>` +
    cross(96, 152, 18, p.accent) +
    `<rect x="110" y="146" width="32" height="10" rx="5" fill="${p.light}"/>` +
    `<rect x="94" y="92" width="40" height="20" rx="3" fill="${p.white}" stroke="${p.steel}" stroke-width="2"/>` +
    `<path d="M98 92L110 44h8l12 48z" fill="${p.accent}"/>` +
    `<path d="M114 50v36" stroke="${p.white}" stroke-opacity=".4" stroke-width="3" stroke-linecap="round"/>` +
    `<path d="M178 70c0 0-20 24-20 38a20 20 0 0 0 40 0c0-14-20-38-20-38z" fill="${p.light}"/>` +
    `<path d="M170 110a9 9 0 0 0 8 8" stroke="${p.white}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  device: (p, v) => {
    const bars = Array.from({ length: 3 }, (_, i) => {
      const h = 10 + ((v.bits >>> (i * 3)) % 4) * 5;
      return `<rect x="${102 + i * 16}" y="${100 - h}" width="10" height="${h}" rx="2" fill="${p.light}"/>`;
    }).join("");
    return (
      `<rect x="66" y="40" width="108" height="156" rx="24" fill="${p.white}" stroke="${p.steel}" stroke-width="2"/>` +
      `<rect x="66" y="150" width="108" height="46" rx="24" fill="${p.main}"/>` +
      `<rect x="66" y="150" width="108" height="20" fill="${p.main}"/>` +
      `<rect x="82" y="58" width="76" height="54" rx="8" fill="${p.screen}"/>` +
      bars +
      `<circle cx="92" cy="104" r="4" fill="${p.accent}"/>` +
      `<circle cx="120" cy="134" r="12" fill="${p.accent}"/>` +
      `<circle cx="90" cy="134" r="7" fill="${p.silver}"/>` +
      `<circle cx="150" cy="134" r="7" fill="${p.silver}"/>` +
      `<path d="M174 170c24 0 30 14 30 30" stroke="${p.dark}" stroke-width="5" fill="none" stroke-linecap="round"/>`
    );
  },
  sachet: (p, v) =>
    `<g transform="rotate(${-14 + v.tilt} 96 118)">` +
    `<path d="${sachetPath(48, 60, 96, 116)}" fill="${p.accent}"/>` +
    `<rect x="48" y="100" width="96" height="30" fill="${p.white}" opacity=".8"/>` +
    `</g>` +
    `<g transform="rotate(${10 + v.tilt} 140 128)">` +
    `<path d="${sachetPath(92, 66, 98, 120)}" fill="${p.main}"/>` +
    `<path d="M92 78h98M92 174h98" stroke="${p.dark}" stroke-width="3"/>` +
    `<rect x="92" y="102" width="98" height="44" fill="${p.white}"/>` +
    cross(116, 124, 22, p.accent) +
    `<rect x="134" y="118" width="44" height="12" rx="6" fill="${p.light}"/>` +
    `</g>`,
  bottle: (p, v) => {
    const body = v.bits % 2 ? p.main : p.white;
    const stripe = v.bits % 2 ? p.white : p.main;
    return (
      `<rect x="100" y="54" width="40" height="24" fill="${p.silver}"/>` +
      `<rect x="72" y="70" width="96" height="128" rx="22" fill="${body}" stroke="${p.steel}" stroke-width="${
        v.bits % 2 ? 0 : 2
      }"/>` +
      `<rect x="92" y="30" width="56" height="30" rx="6" fill="${p.dark}"/>` +
      `<path d="M92 38h56M92 46h56" stroke="${p.white}" stroke-opacity=".3" stroke-width="2"/>` +
      `<rect x="72" y="104" width="96" height="62" fill="${p.light}"/>` +
      `<rect x="72" y="104" width="96" height="10" fill="${stripe}"/>` +
      cross(98, 140, 22, p.accent) +
      `<rect x="116" y="134" width="38" height="12" rx="6" fill="${p.white}"/>` +
      `<path d="M84 80v100" stroke="${p.white}" stroke-opacity=".3" stroke-width="6" stroke-linecap="round"/>`
    );
  },
  inhaler: (p, v) =>
    `<g transform="rotate(${v.tilt} 120 120)">` +
    `<rect x="98" y="30" width="46" height="82" rx="12" fill="${p.silver}" stroke="${p.steel}" stroke-width="2"/>` +
    `<rect x="90" y="76" width="62" height="114" rx="16" fill="${p.main}"/>` +
    `<path d="M90 160h-34a8 8 0 0 0-8 8v14a8 8 0 0 0 8 8h50v-30z" fill="${p.dark}"/>` +
    `<rect x="48" y="168" width="10" height="14" rx="3" fill="${p.accent}"/>` +
    `<circle cx="121" cy="112" r="11" fill="${p.white}"/>` +
    `<circle cx="121" cy="112" r="5" fill="${p.accent}"/>` +
    `<path d="M100 90v80" stroke="${p.white}" stroke-opacity=".3" stroke-width="6" stroke-linecap="round"/>` +
    `</g>`,
  jar: (p, v) =>
    `<rect x="56" y="104" width="128" height="92" rx="18" fill="${v.bits % 2 ? p.white : p.glass}" stroke="${
      p.steel
    }" stroke-width="2"/>` +
    `<rect x="56" y="128" width="128" height="44" fill="${p.main}"/>` +
    `<circle cx="120" cy="150" r="16" fill="${p.white}"/>` +
    cross(120, 150, 18, p.accent) +
    `<rect x="50" y="72" width="140" height="38" rx="8" fill="${p.dark}"/>` +
    `<path d="M62 76v30M74 76v30M86 76v30M98 76v30M110 76v30M122 76v30M134 76v30M146 76v30M158 76v30M170 76v30M182 76v30" stroke="${p.white}" stroke-opacity=".18" stroke-width="3"/>`,
  box: (p) =>
    `<path d="M58 64l22-16h108l-22 16z" fill="${p.light}"/>` +
    `<path d="M166 64l22-16v128l-22 16z" fill="${p.dark}"/>` +
    `<rect x="58" y="64" width="108" height="128" fill="${p.main}"/>` +
    `<rect x="58" y="102" width="108" height="48" fill="${p.white}"/>` +
    cross(88, 126, 26, p.accent) +
    `<rect x="108" y="114" width="46" height="10" rx="5" fill="${p.light}"/>` +
    `<rect x="108" y="130" width="30" height="10" rx="5" fill="${p.light}"/>` +
    `<path d="M58 170h108" stroke="${p.white}" stroke-opacity=".35" stroke-width="4"/>`,
  dressing: (p) =>
    `<path d="M64 170h120l-40 26h-110z" fill="${p.light}"/>` +
    `<rect x="64" y="92" width="104" height="80" fill="${p.light}"/>` +
    `<ellipse cx="64" cy="132" rx="24" ry="40" fill="${p.light}"/>` +
    `<path d="M84 92v80M104 92v80M124 92v80M144 92v80" stroke="${p.main}" stroke-opacity=".25" stroke-width="3"/>` +
    `<ellipse cx="168" cy="132" rx="24" ry="40" fill="${p.glass}" stroke="${p.main}" stroke-width="3"/>` +
    `<ellipse cx="168" cy="132" rx="16" ry="27" fill="none" stroke="${p.main}" stroke-opacity=".6" stroke-width="3"/>` +
    `<ellipse cx="168" cy="132" rx="8" ry="14" fill="${p.dark}"/>` +
    `<rect x="100" y="116" width="36" height="32" rx="4" fill="${p.white}"/>` +
    cross(118, 132, 20, p.accent),
  infusion: (p) =>
    `<path d="M82 44h76a10 10 0 0 1 10 10v104q0 16-16 20l-14 4h-36l-14-4q-16-4-16-20v-104a10 10 0 0 1 10-10z" fill="${p.glass}" stroke="${p.steel}" stroke-width="2"/>` +
    `<circle cx="120" cy="56" r="6" fill="${p.bg}" stroke="${p.steel}" stroke-width="2"/>` +
    `<path d="M74 100h92v58q0 16-16 20l-14 4h-32l-14-4q-16-4-16-20z" fill="${p.light}"/>` +
    `<rect x="90" y="110" width="60" height="44" rx="4" fill="${p.white}"/>` +
    `<rect x="90" y="110" width="60" height="10" rx="2" fill="${p.main}"/>` +
    cross(106, 138, 16, p.accent) +
    `<rect x="120" y="134" width="22" height="8" rx="4" fill="${p.light}"/>` +
    `<path d="M82 74h14M82 84h10M82 94h14" stroke="${p.steel}" stroke-width="2"/>` +
    `<rect x="112" y="182" width="16" height="14" rx="2" fill="${p.accent}"/>` +
    `<path d="M120 196c0 20 30 10 40 6s28-4 34 6" stroke="${p.steel}" stroke-width="4" fill="none" stroke-linecap="round"/>`,
};

export function productSvg(product: SeedProduct): string {
  const { palette: p, variant } = paletteFor(product);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">` +
    `<rect width="${SIZE}" height="${SIZE}" fill="${p.bg}"/>` +
    `<circle cx="120" cy="116" r="96" fill="${p.halo}"/>` +
    `<ellipse cx="120" cy="204" rx="78" ry="9" fill="${p.shadow}"/>` +
    DRAW[product.form](p, variant) +
    `</svg>`
  );
}

export async function productImage(product: SeedProduct): Promise<Uint8Array> {
  // quality 60 / effort 6 keeps these flat drawings at a few KB each.
  const webp = await sharp(Buffer.from(productSvg(product)))
    .webp({ quality: 60, effort: 6 })
    .toBuffer();
  return new Uint8Array(webp);
}
