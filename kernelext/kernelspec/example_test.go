package kernelspec_test

import (
	"fmt"

	"github.com/tracelab/tracelab/kernelext/kernelspec"
)

// The kernelspec that Install writes, for a checkout in /src/tracelab.
func ExampleSpec() {
	b, err := kernelspec.Spec("/src/tracelab/.tools/bin/gonb", kernelspec.DefaultDisplayName,
		"/src/tracelab/.tools/kernel/bin:/src/tracelab/.tools/bin:/usr/local/go/bin", "-ldflags=-w")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(b))
	// Output:
	// {
	//  "argv": [
	//   "/src/tracelab/.tools/bin/gonb",
	//   "--kernel",
	//   "{connection_file}",
	//   "--raw_error"
	//  ],
	//  "display_name": "Go (tracelab)",
	//  "language": "go",
	//  "interrupt_mode": "message",
	//  "env": {
	//   "GOFLAGS": "-ldflags=-w",
	//   "PATH": "/src/tracelab/.tools/kernel/bin:/src/tracelab/.tools/bin:/usr/local/go/bin"
	//  }
	// }
}
