// Command bigupstream is a hostile upstream for bench/follow-memory.sh: it
// answers every GET with the same large JSON list of tournaments (100 items
// whose names together make -mb megabytes), as fast as it can.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net/http"
	"strconv"
	"strings"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:18090", "address to serve on")
	mb := flag.Int("mb", 30, "size of the answer in megabytes")
	flag.Parse()
	type item struct {
		ID    string `json:"_id"`
		Name  string `json:"name"`
		State string `json:"state"`
	}
	items := make([]item, 100)
	name := strings.Repeat("x", *mb<<20/len(items))
	for i := range items {
		items[i] = item{ID: fmt.Sprintf("tio:big%06d", i), Name: name, State: "running"}
	}
	body, err := json.Marshal(items)
	if err != nil {
		log.Fatal(err)
	}
	log.Fatal(http.ListenAndServe(*addr, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		_, _ = w.Write(body)
	})))
}
