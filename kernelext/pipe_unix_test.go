//go:build unix

package kernelext

import (
	"bytes"
	"encoding/gob"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/janpfeifer/gonb/gonbui/protocol"
)

// TestGonbuiPipe runs the helpers in a child process that believes it runs
// under GoNB (GONB_PIPE set) and plays the kernel's side of GoNB's named
// pipes: it decodes what gonbui writes and acknowledges sync requests, as
// GoNB does. This is the real path from kernelext to the kernel, and it checks
// that every display waits for the kernel (else output sent just before the
// cell's program exits is lost).
func TestGonbuiPipe(t *testing.T) {
	if os.Getenv("KERNELEXT_CHILD") == "1" {
		if !InNotebook() {
			t.Fatal("child does not see GoNB")
		}
		if err := Plot(linePlot(t), 0, 0); err != nil {
			t.Fatal(err)
		}
		Markdown("**hello**")
		p := NewProgress(2, "steps")
		p.Add(2)
		p.Done()
		return
	}
	dir := t.TempDir()
	pipe, back := filepath.Join(dir, "pipe"), filepath.Join(dir, "back")
	for _, f := range []string{pipe, back} {
		if err := syscall.Mkfifo(f, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestGonbuiPipe$", "-test.count=1")
	cmd.Env = append(os.Environ(), "KERNELEXT_CHILD=1", protocol.GONB_PIPE_ENV+"="+pipe, protocol.GONB_PIPE_BACK_ENV+"="+back)
	var childOut strings.Builder
	cmd.Stdout, cmd.Stderr = &childOut, &childOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	type result struct {
		msgs  []protocol.DisplayData
		syncs int
		err   error
	}
	done := make(chan result, 1)
	go func() {
		var r result
		in, err := os.Open(pipe) // blocks until the child opens its end
		if err != nil {
			r.err = err
			done <- r
			return
		}
		defer in.Close()
		outPipe, err := os.OpenFile(back, os.O_WRONLY, 0)
		if err != nil {
			r.err = err
			done <- r
			return
		}
		defer outPipe.Close()
		dec, enc := gob.NewDecoder(in), gob.NewEncoder(outPipe)
		for {
			var d protocol.DisplayData
			if err := dec.Decode(&d); errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				r.err = err
				break
			}
			if v, ok := d.Data[protocol.MIMECommValue]; ok {
				cv, ok := v.(protocol.CommValue)
				if !ok || cv.Address != protocol.GonbuiSyncAddress {
					r.err = errors.New("unexpected comm value")
					break
				}
				r.syncs++
				if err := enc.Encode(&protocol.CommValue{Address: protocol.GonbuiSyncAckAddress, Value: cv.Value}); err != nil {
					r.err = err
					break
				}
				continue
			}
			r.msgs = append(r.msgs, d)
		}
		done <- r
	}()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("child: %v\n%s", err, childOut.String())
	}
	r := <-done
	if r.err != nil {
		t.Fatal(r.err)
	}
	if len(r.msgs) != 4 {
		t.Fatalf("decoded %d displays, want 4 (plot, markdown, 2 progress draws)", len(r.msgs))
	}
	if b, _ := r.msgs[0].Data[protocol.MIMEImagePNG].([]byte); !bytes.HasPrefix(b, []byte("\x89PNG")) {
		t.Errorf("first display is not a PNG: %v", keys(r.msgs[0].Data))
	}
	if md, _ := r.msgs[0].Metadata[string(protocol.MIMEImagePNG)].(map[string]int); md["width"] != 576 {
		t.Errorf("first display's metadata %v, want the image/png width 576", r.msgs[0].Metadata)
	}
	if md := r.msgs[1].Data[protocol.MIMETextMarkdown]; md != "**hello**" {
		t.Errorf("second display markdown = %v", md)
	}
	if r.msgs[2].DisplayID == "" || r.msgs[3].DisplayID != r.msgs[2].DisplayID {
		t.Errorf("progress display ids %q, %q: want one non-empty id", r.msgs[2].DisplayID, r.msgs[3].DisplayID)
	}
	if r.syncs != 3 {
		t.Errorf("%d syncs, want 3 (plot, markdown, progress done)", r.syncs)
	}
}
