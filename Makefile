# Courtside: make help lists the targets.
.DEFAULT_GOAL := help
REDIS_PORT ?= 6399
# The package of the two-instance follow test (TestFollowAnInstanceEndToEnd).
FOLLOW_PACKAGE = ./cli/

help: ## list the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-18s %s\n", $$1, $$2}'

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

test: ## the suite on the embedded Redis, without the end-to-end tests (what go test ./... runs)
	go test ./...

e2e: ## the browser tests (e2e/) and the two-instance follow test alone, on the embedded Redis
	COURTSIDE_E2E=1 go test -count=1 ./e2e/
	COURTSIDE_E2E=1 go test -count=1 -run TestFollowAnInstanceEndToEnd $(FOLLOW_PACKAGE)

test-e2e: ## the whole suite with the end-to-end tests, on the embedded Redis, one package at a time (CI's first pass)
	COURTSIDE_E2E=1 go test -p 1 -count=1 ./...

test-redis: ## run every test against a real redis-server on REDIS_PORT
	redis-server --port $(REDIS_PORT) --save '' --appendonly no --daemonize yes --pidfile /tmp/courtside-redis.pid
	for _ in $$(seq 50); do redis-cli -p $(REDIS_PORT) ping >/dev/null 2>&1 && break; sleep 0.1; done
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
	COURTSIDE_E2E=1 go test -count=1 -run 'TestPagesPassAxe|TestLighthouseAccessibility' -v ./e2e

screenshots: ## every page kind at 390x844, 1440x900 and 1920x1080, both themes, in e2e/screenshots/
	COURTSIDE_E2E=1 SCREENSHOTS=1 go test -count=1 -run TestPagesPassAxe ./e2e

check: verify-generated lint test-e2e test-redis test-cluster ## everything CI runs (.ci/run): generated files, lint, the suite with the end-to-end tests, then on redis-server and a cluster

bench: ## benchmarks (add REDIS_URL=... to measure against a real Redis)
	go test -run '^$$' -bench . -benchmem ./...

.PHONY: help generate css build dist image test e2e test-e2e check test-redis test-cluster lint verify-generated audit screenshots bench
