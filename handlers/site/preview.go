package site

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"courtside/handlers/reply"
	"courtside/handlers/views"
	"courtside/templates"
	"courtside/tournament"
)

// previewFonts are the fonts the preview pictures are drawn with (the Go
// fonts, embedded in golang.org/x/image: no font files to ship), parsed once.
var previewFonts = sync.OnceValue(func() [2]*opentype.Font {
	bold, _ := opentype.Parse(gobold.TTF)
	regular, _ := opentype.Parse(goregular.TTF)
	return [2]*opentype.Font{bold, regular}
})

// previewFaces are the faces of one drawing: a face keeps a cache of its
// glyphs and is not for two goroutines at once, so each picture has its own.
func previewFaces() [3]font.Face {
	fonts := previewFonts()
	face := func(f *opentype.Font, size float64) font.Face {
		fc, _ := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
		return fc
	}
	return [3]font.Face{face(fonts[0], 68), face(fonts[1], 34), face(fonts[0], 30)}
}

// previews keeps the last picture drawn per tournament, with its version.
var previews struct {
	sync.Mutex
	m map[string]preview
}

type preview struct {
	version int64
	png     []byte
}

// Preview is a tournament's picture for shared links (og:image): 1200×630
// PNG with its name, organizer, date, disciplines and state, drawn once per
// version of the tournament.
func (p *Pages) Preview(w http.ResponseWriter, r *http.Request) error {
	snap, err := p.Shared(r)
	if err != nil {
		return err
	}
	tag := `"p` + strconv.FormatInt(snap.Version, 10) + "-" + string(templates.LangOf(r.Context())) + `"`
	w.Header().Set("Cache-Control", "public, max-age=300")
	w.Header().Set("Vary", "Accept-Language, Cookie")
	if reply.NotModified(w, r, tag) {
		return nil
	}
	key := snap.Tournament.ID + "|" + string(templates.LangOf(r.Context()))
	previews.Lock()
	pv, ok := previews.m[key]
	previews.Unlock()
	if !ok || pv.version != snap.Version {
		b, err := drawPreview(r, snap)
		if err != nil {
			return err
		}
		pv = preview{snap.Version, b}
		previews.Lock()
		if previews.m == nil || len(previews.m) > 1024 {
			previews.m = map[string]preview{}
		}
		previews.m[key] = pv
		previews.Unlock()
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header()["Etag"] = []string{tag}
	_, err = w.Write(pv.png)
	return err
}

func drawPreview(r *http.Request, snap *tournament.Snapshot) ([]byte, error) {
	const width, height, margin = 1200, 630, 72
	ctx := r.Context()
	t := snap.Tournament
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.RGBA{2, 44, 34, 255}), image.Point{}, draw.Src)
	draw.Draw(img, image.Rect(0, 0, width, 18), image.NewUniform(color.RGBA{16, 185, 129, 255}), image.Point{}, draw.Src)
	faces := previewFaces()
	white, light, amber := image.NewUniform(color.White), image.NewUniform(color.RGBA{209, 250, 229, 255}), image.NewUniform(color.RGBA{251, 191, 36, 255})
	y := margin + 60
	write := func(face font.Face, c image.Image, text string, lines int) {
		d := &font.Drawer{Dst: img, Src: c, Face: face}
		lh := face.Metrics().Height.Ceil() + 6
		for _, line := range wrap(d, text, width-2*margin, lines) {
			d.Dot = fixed.P(margin, y)
			d.DrawString(line)
			y += lh
		}
	}
	write(faces[2], amber, "Courtside · "+templates.T(ctx, string(t.State)), 1)
	y += 20
	write(faces[0], white, t.Name, 3)
	y += 10
	line := snap.Organizer.Name
	if d := views.Venue(t).Date(ctx, t.StartTime); d != "" {
		line += " · " + d
	}
	write(faces[1], light, line, 1)
	names := make([]string, len(t.Disciplines))
	for i, d := range t.Disciplines {
		names[i] = d.Name
	}
	write(faces[1], light, strings.Join(names, " · "), 2)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// wrap breaks text into at most lines lines no wider than width; the last
// one ends in "…" when the text is longer.
func wrap(d *font.Drawer, text string, width, lines int) []string {
	var out []string
	cur := ""
	for _, word := range strings.Fields(text) {
		next := strings.TrimSpace(cur + " " + word)
		if cur != "" && d.MeasureString(next).Ceil() > width {
			out = append(out, cur)
			cur = word
			continue
		}
		cur = next
	}
	if cur != "" {
		out = append(out, cur)
	}
	if len(out) > lines {
		out = out[:lines]
		last := out[lines-1]
		for d.MeasureString(last+" …").Ceil() > width {
			i := strings.LastIndexByte(last, ' ')
			if i < 0 {
				break
			}
			last = last[:i]
		}
		out[lines-1] = last + " …"
	}
	return out
}
