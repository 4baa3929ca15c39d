// Loaded by app/globals.css with `@config`. Tailwind 4 keeps the theme in CSS (`@theme`, and the
// `dark` variant as `@custom-variant` there); this file says where class names live, so the build
// scans the explorer's sources only (`source(none)` in globals.css turns off scanning the whole
// repository: the devnet, the tests and their screenshots hold no classes).
import type { Config } from 'tailwindcss';

const config: Config = {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}', './lib/**/*.{ts,tsx}'],
};

export default config;
