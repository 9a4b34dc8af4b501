// Command saflab is the whole tracelab command line with two more
// schedulers: "saf" (smallest-area-first EASY, package saf) and
// "fairshare" / "fairshare:H" (fair-share priority with EASY backfilling,
// usage half-life H hours, package fairshare): try
//
//	go run ./cmd/saflab simulate --scheduler saf
//	go run ./cmd/saflab compare --scheduler easy --scheduler saf --scheduler fairshare:6 --variants 10
package main

import (
	"github.com/tracelab/tracelab/cli"

	_ "github.com/tracelab/tracelab/examples/fairshare" // registers "fairshare"
	_ "github.com/tracelab/tracelab/examples/saf"       // registers "saf"
)

func main() { cli.Main() }
