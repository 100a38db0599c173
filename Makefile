# Courtside: make help lists the targets.
.DEFAULT_GOAL := help
REDIS_PORT ?= 6399

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-18s %s\n", $$1, $$2}'

generate: ## regenerate the templ components (*_templ.go, committed)
	go tool templ generate -include-version=false

css: ## rebuild static/css/app.css with Tailwind v3 (committed)
	npm ci --no-audit --no-fund
	npm run css

build: generate ## build the courtside binary
	go build -o courtside .

# The platforms make dist builds for: PCs and servers, a Raspberry Pi (64-bit
# Raspberry Pi OS), Macs with Intel and Apple chips, Windows.
PLATFORMS := linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64

dist: generate ## static binaries for every platform in dist/ (CGO_ENABLED=0; no Go, Redis or Docker needed to run them)
	@mkdir -p dist/data
	@for p in $(PLATFORMS); do \
		os=$${p%/*}; arch=$${p#*/}; out=dist/courtside-$$os-$$arch; \
		if [ $$os = windows ]; then out=$$out.exe; fi; \
		echo "  $$out"; \
		CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch go build -trimpath -ldflags='-s -w' -o $$out . || exit 1; \
	done

image: dist ## the container image courtside:local from dist/ (Dockerfile: FROM scratch, nothing to pull)
	docker build -t courtside:local .

test: ## run every test against the embedded Redis
	go test ./...

test-redis: ## run every test against a real redis-server on REDIS_PORT
	redis-server --port $(REDIS_PORT) --save '' --appendonly no --daemonize yes --pidfile /tmp/courtside-redis.pid
	REDIS_URL=redis://127.0.0.1:$(REDIS_PORT)/0 go test -p 1 -count=1 ./...; status=$$?; kill $$(cat /tmp/courtside-redis.pid); exit $$status

test-cluster: ## run every test against a Redis Cluster of three masters (ports 7000-7005)
	url=$$(.ci/redis-cluster start 7000) && REDIS_URL="$$url" REDIS_CLUSTER=true go test -p 1 -count=1 ./...; status=$$?; .ci/redis-cluster stop 7000; exit $$status

lint: ## gofmt, go vet, templ fmt, golangci-lint (.golangci.yml: errcheck and the default linters); CI runs this
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' | grep -v '_templ.go$$')); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted"; exit 1; fi
	go vet ./...
	go tool templ fmt -fail templates
	go tool golangci-lint run ./...

verify-generated: generate css ## fail when generated files or the CSS are stale
	git diff --exit-code -- '*_templ.go' static/css/app.css

audit: ## axe-core on every page kind and Lighthouse accessibility (needs npm ci and chromium)
	go test -count=1 -run 'TestPagesPassAxe|TestLighthouseAccessibility' -v ./e2e

screenshots: ## every page kind at 390x844, 1440x900 and 1920x1080, both themes, in e2e/screenshots/
	SCREENSHOTS=1 go test -count=1 -run TestPagesPassAxe ./e2e

bench: ## benchmarks (add REDIS_URL=... to measure against a real Redis)
	go test -run '^$$' -bench . -benchmem ./...

.PHONY: help generate css build dist image test test-redis test-cluster lint verify-generated audit screenshots bench
