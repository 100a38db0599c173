/** @type {import('tailwindcss').Config} */
module.exports = {
  // The script sets a few classes itself (path-lit, followed): Tailwind must see them there too.
  content: ["./templates/**/*.templ", "./static/js/courtside.js"],
  // Dark from the system setting, and always inside .dark (the kiosk TVs).
  // Each selector must contain "&": Tailwind v3 drops a variant without it, and no dark: rule ships.
  darkMode: ["variant", ["@media (prefers-color-scheme: dark) { & }", "&:is(.dark *)"]],
  theme: {
    extend: {
      fontFamily: {
        sans: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Helvetica Neue", "Arial", "sans-serif"],
      },
    },
  },
  plugins: [],
};
