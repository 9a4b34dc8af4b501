// Command saflab is the whole tracelab command line with one more
// scheduler, "saf" (smallest-area-first EASY, package saf): try
//
//	go run ./cmd/saflab simulate --scheduler saf
//	go run ./cmd/saflab compare --scheduler easy --scheduler saf --variants 10
package main

import (
	"github.com/tracelab/tracelab/cli"

	_ "github.com/tracelab/tracelab/examples/saf" // registers "saf"
)

func main() { cli.Main() }
