// Package record holds the records Courtside keeps that are not tournaments
// (API keys, webhooks, hall screens, followed tournaments) with their rules:
// what a key may read, what address a webhook may call, what a screen may
// show. It imports only the standard library and tournament and does no I/O:
// cache persists these records, handlers translate HTTP to and from them.
package record
