package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
)

// signIn signs the browser in to the console with an API token.
func signIn(t *testing.T, b context.Context, base, token string) {
	t.Helper()
	if err := chromedp.Do(b, chromedp.Navigate(base+"/admin/login"), chromedp.SendKeys(`input[name="token"]`, token),
		chromedp.Submit(`input[name="token"]`), chromedp.WaitVisible(`[data-testid="my-tournaments"]`)); err != nil {
		t.Fatalf("sign in: %v", err)
	}
}

// contrastJS defines the WCAG helpers the checks use in the page:
// parse, luminance, effectiveBg and contrast(el).
const contrastJS = `
var parse = c => (c.match(/[\d.]+/g) || []).map(Number);
var luminance = rgb => { const l = rgb.slice(0, 3).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }); return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]; };
var effectiveBg = el => { for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor); if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c; } return [255, 255, 255]; };
var contrast = el => { const a = luminance(parse(getComputedStyle(el).color)), b = luminance(effectiveBg(el)); return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); };
`
