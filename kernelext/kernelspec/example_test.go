package kernelspec_test

import (
	"fmt"

	"github.com/tracelab/tracelab/kernelext/kernelspec"
)

// The kernelspec that Install writes, for a checkout in /src/tracelab.
func ExampleSpec() {
	b, err := kernelspec.Spec("/src/tracelab/.tools/bin/gonb", kernelspec.DefaultDisplayName,
		"/src/tracelab/.tools/kernel/bin:/src/tracelab/.tools/bin:/usr/local/go/bin", "-ldflags=-w",
		"/home/me/.local/share/jupyter/kernels/tracelab/gonb.log")
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
	//   "--raw_error",
	//   "--extra_log=/home/me/.local/share/jupyter/kernels/tracelab/gonb.log",
	//   "--logtostderr=false",
	//   "--log_file=/home/me/.local/share/jupyter/kernels/tracelab/gonb.log",
	//   "--stderrthreshold=FATAL"
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
