/** @type {import('tailwindcss').Config} */
module.exports = {
  content: ["./templates/**/*.templ"],
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
