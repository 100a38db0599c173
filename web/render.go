package web

import (
	"container/list"
	"context"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/singleflight"

	"courtside/handlers/reply"
)

// DefaultRenderCacheBytes is the render cache's budget when none is configured.
const DefaultRenderCacheBytes = 64 << 20

// RenderCache keeps the rendered pages, fragments and API bodies of this
// instance: at most a budget of bytes, the least recently used dropped first.
// Keys name exactly what a body depends on (reply.RenderKey), so every
// visitor asking for one gets the same bytes whatever else their request says.
// A key is rendered once however many ask at the same moment, under a context
// their leaving does not cancel, so that an aborted request cannot fail the
// others; a failed render is not kept.
type RenderCache struct {
	budget int64
	flight singleflight.Group

	mu     sync.Mutex
	size   int64
	lru    list.List // of *rendering, the most recently used in front
	items  map[reply.RenderKey]*list.Element
	latest map[string]int64 // the newest version asked for of each tournament

	renders, hits atomic.Int64
}

type rendering struct {
	key  reply.RenderKey
	out  reply.Rendered
	size int64
}

// NewRenderCache returns a cache that keeps at most budget bytes
// (DefaultRenderCacheBytes when budget is not positive).
func NewRenderCache(budget int64) *RenderCache {
	if budget <= 0 {
		budget = DefaultRenderCacheBytes
	}
	return &RenderCache{budget: budget, items: map[reply.RenderKey]*list.Element{}, latest: map[string]int64{}}
}

// Render returns the body kept under key, or renders it: once, while
// every other request for the key waits for that render.
func (c *RenderCache) Render(ctx context.Context, key reply.RenderKey, render func(context.Context) (reply.Rendered, error)) (reply.Rendered, error) {
	if out, ok := c.get(key); ok {
		return out, nil
	}
	name := key.Tournament + "\x00" + strconv.FormatInt(key.Version, 10) + "\x00" + key.Lang + "\x00" + key.Part + "\x00" + key.Params
	done := c.flight.DoChan(name, func() (_ any, err error) {
		if out, ok := c.get(key); ok { // rendered by a flight that just landed
			return out, nil
		}
		defer func() { // a render runs in a goroutine of its own, out of reach of the recovering middleware
			if p := recover(); p != nil {
				err = fmt.Errorf("web: render %s %s: panic: %v", key.Part, key.Params, p)
			}
		}()
		out, err := render(context.WithoutCancel(ctx))
		if err != nil {
			return nil, err
		}
		c.renders.Add(1)
		c.put(key, out)
		return out, nil
	})
	select {
	case res := <-done:
		if res.Err != nil {
			return reply.Rendered{}, res.Err
		}
		return res.Val.(reply.Rendered), nil
	case <-ctx.Done(): // the render goes on for the others
		return reply.Rendered{}, ctx.Err()
	}
}

func (c *RenderCache) get(key reply.RenderKey) (reply.Rendered, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if latest, ok := c.latest[key.Tournament]; !ok || key.Version > latest {
		c.latest[key.Tournament] = key.Version
	} else if key.Version < latest {
		c.wentBack(key.Tournament, key.Version)
	}
	e, ok := c.items[key]
	if !ok {
		return reply.Rendered{}, false
	}
	c.lru.MoveToFront(e)
	c.hits.Add(1)
	return e.Value.(*rendering).out, true
}

// wentBack drops what was rendered of the tournament at version v and after:
// its version went back (Redis restored from a backup, a failover to a
// replica that lagged), so the versions from v on may come again with other
// content. A request that read the tournament just before a change and asks
// after the new version was rendered comes here too; that costs a render again.
func (c *RenderCache) wentBack(tournament string, v int64) {
	for e := c.lru.Front(); e != nil; {
		next := e.Next()
		if r := e.Value.(*rendering); r.key.Tournament == tournament && r.key.Version >= v {
			c.drop(e)
		}
		e = next
	}
	c.latest[tournament] = v
}

func (c *RenderCache) drop(e *list.Element) {
	r := c.lru.Remove(e).(*rendering)
	delete(c.items, r.key)
	c.size -= r.size
}

// entryOverhead is about what keeping a rendering costs beyond its bytes:
// the map entry, the list element, the headers of the slices and strings.
const entryOverhead = 256

func (c *RenderCache) put(key reply.RenderKey, out reply.Rendered) {
	size := int64(cap(out.Body)+cap(out.Gzip)+len(key.Tournament)+len(key.Lang)+len(key.Part)+len(key.Params)) + entryOverhead
	if size > c.budget {
		return // served to the ones who asked, never kept
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.items[key]; ok {
		return
	}
	if key.Version < c.latest[key.Tournament] {
		return // rendered from a version older than one asked for since
	}
	for c.size+size > c.budget {
		c.drop(c.lru.Back())
	}
	c.items[key] = c.lru.PushFront(&rendering{key: key, out: out, size: size})
	c.size += size
}

// RenderStats says what a RenderCache holds and has done.
type RenderStats struct {
	// Bytes is what the kept renderings cost, at most the budget.
	Bytes, Budget int64
	// Entries is how many renderings are kept.
	Entries int
	// Renders is how many renderings were made since the start; Hits, how
	// many requests were answered with one kept.
	Renders, Hits int64
}

// Stats returns what the cache holds now.
func (c *RenderCache) Stats() RenderStats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return RenderStats{Bytes: c.size, Budget: c.budget, Entries: len(c.items), Renders: c.renders.Load(), Hits: c.hits.Load()}
}
