package site

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync"

	"courtside/handlers/api"
	"courtside/handlers/reply"
	"courtside/locale"
	"courtside/templates"
)

// APIDocs serves the readable API reference, made from the OpenAPI document:
// rendered once per language, the first time it is asked for, and kept plain
// and gzipped (160 KB of HTML that gzip makes about 10 KB).
type APIDocs struct {
	page     templates.APIPage
	mu       sync.Mutex
	rendered map[locale.Lang]reply.Rendered
}

// NewAPIDocs reads the OpenAPI document into the reference page, with curl
// examples against baseURL, the site's public address.
func NewAPIDocs(assets templates.Assets, baseURL string) (*APIDocs, error) {
	var doc oaDoc
	if err := json.Unmarshal(api.OpenAPIDocument, &doc); err != nil {
		return nil, fmt.Errorf("site: openapi.json: %w", err)
	}
	p := templates.APIPage{
		Page: templates.Page{Assets: assets,
			Path: "/api", URL: baseURL + "/api"},
		BaseURL:  baseURL + "/v1/public",
		Version:  doc.Info.Version,
		Intro:    doc.Info.Description,
		SpecPath: "/v1/public/openapi.json",
	}
	tags, err := doc.apiTags(baseURL)
	if err != nil {
		return nil, err
	}
	p.Tags = tags
	p.Schemas = doc.apiSchemas()
	return &APIDocs{page: p, rendered: map[locale.Lang]reply.Rendered{}}, nil
}

// apiTags are the document's tags in its order, each with its operations in
// the order of the paths; an operation whose first tag the document does not
// list is left out.
func (doc *oaDoc) apiTags(baseURL string) ([]templates.APITag, error) {
	base := doc.Servers[0].URL
	var tags []templates.APITag
	for _, t := range doc.Tags {
		tags = append(tags, templates.APITag{Name: t.Name})
	}
	byTag := map[string]*templates.APITag{}
	for i := range tags {
		byTag[tags[i].Name] = &tags[i]
	}
	for _, path := range doc.Paths.keys {
		item := doc.Paths.values[path]
		server, err := pathServer(path, item, base)
		if err != nil {
			return nil, err
		}
		for _, method := range item.keys {
			if method == "servers" {
				continue
			}
			var op oaOperation
			if err := json.Unmarshal(item.values[method], &op); err != nil {
				return nil, fmt.Errorf("site: openapi.json: %s %s: %w", method, path, err)
			}
			o := doc.apiOperation(op, method, path, server, server != base, baseURL)
			if t := byTag[op.Tags[0]]; t != nil {
				t.Operations = append(t.Operations, o)
			}
		}
	}
	return tags, nil
}

// pathServer is the server of a path item: base, unless the item names its
// own (Courtside's own endpoints beside the spec's).
func pathServer(path string, item ordered[json.RawMessage], base string) (string, error) {
	raw, ok := item.values["servers"]
	if !ok {
		return base, nil
	}
	var servers []struct {
		URL string `json:"url"`
	}
	if err := json.Unmarshal(raw, &servers); err != nil || len(servers) == 0 {
		return "", fmt.Errorf("site: openapi.json: %s: servers: %v", path, err)
	}
	return servers[0].URL, nil
}

// apiOperation is one operation as the reference shows it: its anchor (with
// its server in it when the path has its own), what it takes and answers,
// and a curl line against baseURL.
func (doc *oaDoc) apiOperation(op oaOperation, method, path, server string, ownServer bool, baseURL string) templates.APIOperation {
	anchored := path
	if ownServer {
		anchored = server + path
	}
	o := templates.APIOperation{
		Anchor:      strings.ToLower(method) + strings.NewReplacer("/", "-", "{", "", "}", "").Replace(anchored),
		Method:      strings.ToUpper(method),
		Path:        server + path,
		Summary:     op.Summary,
		Description: op.Description,
		NeedsKey:    op.Security == nil || len(*op.Security) > 0,
	}
	o.Curl = "curl '" + baseURL + o.Path + "'"
	if o.NeedsKey {
		o.Curl = "curl -H 'Authorization: Bearer $KEY' '" + baseURL + o.Path + "'"
	}
	o.Params = doc.apiParams(op)
	o.Responses, o.Returns = doc.apiResponses(op)
	return o
}

// apiParams are an operation's parameters, references to the document's
// components read.
func (doc *oaDoc) apiParams(op oaOperation) []templates.APIField {
	var params []templates.APIField
	for _, prm := range op.Parameters {
		if name, ok := strings.CutPrefix(prm.Ref, "#/components/parameters/"); ok {
			prm = doc.Components.Parameters[name]
		}
		params = append(params, templates.APIField{Name: prm.Name, In: prm.In, Type: prm.Schema.typeName(), Required: prm.Required, Description: prm.Description})
	}
	return params
}

// apiResponses are an operation's responses by status, references to the
// document's components read, and what its 200 returns.
func (doc *oaDoc) apiResponses(op oaOperation) (responses []templates.APIResponse, returns string) {
	statuses := make([]string, 0, len(op.Responses))
	for s := range op.Responses {
		statuses = append(statuses, s)
	}
	sort.Strings(statuses)
	for _, s := range statuses {
		r := op.Responses[s]
		if name, ok := strings.CutPrefix(r.Ref, "#/components/responses/"); ok {
			r = doc.Components.Responses[name]
		}
		responses = append(responses, templates.APIResponse{Status: s, Description: r.Description})
		if s == "200" {
			returns = r.Content["application/json"].Schema.typeName()
		}
	}
	return responses, returns
}

// apiSchemas are the document's schemas in its order, each with its fields.
func (doc *oaDoc) apiSchemas() []templates.APISchema {
	var schemas []templates.APISchema
	for _, name := range doc.Components.Schemas.keys {
		s := doc.Components.Schemas.values[name]
		sc := templates.APISchema{Name: name}
		for _, prop := range s.Properties.keys {
			f := s.Properties.values[prop]
			sc.Fields = append(sc.Fields, templates.APIField{Name: prop, Type: f.typeName(), Required: slices.Contains(s.Required, prop), Description: f.Description})
		}
		schemas = append(schemas, sc)
	}
	return schemas
}

// ServeHTTP answers with the reference. It documents an English API, so only
// its frame (title, navigation) follows the visitor's language.
func (d *APIDocs) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	out, err := d.render(r.Context())
	if err != nil {
		http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h["Content-Type"] = reply.HTMLType
	h["Vary"] = varyDocs
	_ = reply.Send(w, r, out)
}

var varyDocs = []string{"Accept-Language, Cookie, Accept-Encoding"}

// render is the reference in ctx's language, rendered the first time.
func (d *APIDocs) render(ctx context.Context) (reply.Rendered, error) {
	lang := templates.LangOf(ctx)
	d.mu.Lock()
	defer d.mu.Unlock()
	if out, ok := d.rendered[lang]; ok {
		return out, nil
	}
	page := d.page
	page.Title = templates.T(ctx, "API reference")
	page.Description = templates.T(ctx, "The Tournament Public API: tournaments, courts, matches, entries and standings as JSON.")
	var buf bytes.Buffer
	if err := templates.API(page).Render(ctx, &buf); err != nil {
		return reply.Rendered{}, fmt.Errorf("site: api reference: %w", err)
	}
	out := reply.Prepared(buf.Bytes())
	d.rendered[lang] = out
	return out, nil
}

// The parts of an OpenAPI document the reference shows.
type oaDoc struct {
	Info struct {
		Version     string `json:"version"`
		Description string `json:"description"`
	} `json:"info"`
	Servers []struct {
		URL string `json:"url"`
	} `json:"servers"`
	Tags []struct {
		Name string `json:"name"`
	} `json:"tags"`
	Paths      ordered[ordered[json.RawMessage]] `json:"paths"`
	Components struct {
		Parameters map[string]oaParameter `json:"parameters"`
		Responses  map[string]oaResponse  `json:"responses"`
		Schemas    ordered[oaSchema]      `json:"schemas"`
	} `json:"components"`
}

type oaOperation struct {
	Tags        []string               `json:"tags"`
	Summary     string                 `json:"summary"`
	Description string                 `json:"description"`
	Security    *[]map[string][]string `json:"security"`
	Parameters  []oaParameter          `json:"parameters"`
	Responses   map[string]oaResponse  `json:"responses"`
}

type oaParameter struct {
	Ref         string   `json:"$ref"`
	Name        string   `json:"name"`
	In          string   `json:"in"`
	Description string   `json:"description"`
	Required    bool     `json:"required"`
	Schema      oaSchema `json:"schema"`
}

type oaResponse struct {
	Ref         string `json:"$ref"`
	Description string `json:"description"`
	Content     map[string]struct {
		Schema oaSchema `json:"schema"`
	} `json:"content"`
}

type oaSchema struct {
	Ref         string            `json:"$ref"`
	Type        string            `json:"type"`
	Format      string            `json:"format"`
	Description string            `json:"description"`
	Enum        []string          `json:"enum"`
	Items       *oaSchema         `json:"items"`
	OneOf       []oaSchema        `json:"oneOf"`
	Required    []string          `json:"required"`
	Properties  ordered[oaSchema] `json:"properties"`
}

// typeName says what a schema is in a few words: "array of Match", "one of open, running".
func (s oaSchema) typeName() string {
	switch {
	case s.Ref != "":
		return s.Ref[strings.LastIndex(s.Ref, "/")+1:]
	case len(s.Enum) > 0:
		return "one of " + strings.Join(s.Enum, ", ")
	case len(s.OneOf) > 0:
		names := make([]string, len(s.OneOf))
		for i, o := range s.OneOf {
			names[i] = o.typeName()
		}
		return strings.Join(names, " or ")
	case s.Type == "array" && s.Items != nil:
		return "array of " + s.Items.typeName()
	case s.Format != "":
		return s.Type + " (" + s.Format + ")"
	}
	return s.Type
}

// ordered is a JSON object that remembers the order of its keys.
type ordered[T any] struct {
	keys   []string
	values map[string]T
}

func (o *ordered[T]) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	if _, err := dec.Token(); err != nil { // {
		return err
	}
	o.values = map[string]T{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		key := tok.(string)
		var v T
		if err := dec.Decode(&v); err != nil {
			return fmt.Errorf("%s: %w", key, err)
		}
		o.keys = append(o.keys, key)
		o.values[key] = v
	}
	return nil
}
