/** @type {import('tailwindcss').Config} */
module.exports = {
  content: ["./templates/**/*.templ"],
  // Dark from the system setting, and always inside .dark (the kiosk TVs).
  darkMode: ["variant", ["@media (prefers-color-scheme: dark)", "&:is(.dark *)"]],
  theme: {
    extend: {
      fontFamily: {
        sans: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Helvetica Neue", "Arial", "sans-serif"],
      },
    },
  },
  plugins: [],
};
