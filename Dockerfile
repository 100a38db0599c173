# The Courtside image: one static binary and nothing else.
#
#   make dist                      # dist/courtside-linux-amd64 and -arm64 (static, CGO_ENABLED=0)
#   docker build -t courtside .    # or: docker compose up -d (compose.yaml)
#
# It is built FROM scratch, from the binary make dist made, so building it
# pulls nothing from a registry. The binary carries its certificate
# authorities (for webhooks to https addresses) and the time zone database;
# it needs no shell, libc or /etc files.
FROM scratch
# BuildKit sets TARGETARCH to the platform being built (amd64, arm64: a Raspberry Pi).
ARG TARGETARCH=amd64
COPY dist/courtside-linux-${TARGETARCH} /courtside
# With DATA_DIR=/data the data is kept in /data (mount a volume there); with
# REDIS_URL it is in that Redis (compose.yaml). The directory belongs to the
# user the server runs as, so a new volume there does too (make dist makes
# the empty dist/data it is copied from).
COPY --chown=65534:65534 dist/data /data
# Not root: the user nobody has no home, which the server does not need.
USER 65534:65534
VOLUME ["/data"]
ENV ADDR=:8080
EXPOSE 8080
ENTRYPOINT ["/courtside"]
CMD ["serve"]
