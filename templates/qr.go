package templates

import (
	"fmt"
	"strings"

	"rsc.io/qr"
)

// QR is a QR code ready to draw: its size in modules and an SVG path of the dark ones.
type QR struct {
	Size int
	Path string
}

// NewQR encodes text; rows of dark modules become one path segment each.
func NewQR(text string) (QR, error) {
	c, err := qr.Encode(text, qr.M)
	if err != nil {
		return QR{}, err
	}
	var b strings.Builder
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; {
			if !c.Black(x, y) {
				x++
				continue
			}
			run := 0
			for x+run < c.Size && c.Black(x+run, y) {
				run++
			}
			fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", x, y, run, run)
			x += run
		}
	}
	return QR{Size: c.Size, Path: b.String()}, nil
}
