// Tailwind 4 reads its theme from app/globals.css (`@theme`); this file is loaded from there with
// `@config` and holds what CSS cannot say: where class names live and the dark-mode strategy.
import type { Config } from 'tailwindcss';

const config: Config = {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}', './lib/**/*.{ts,tsx}'],
  darkMode: 'class',
};

export default config;
