package datasets

import (
	"syscall"
	"unsafe"
)

// madvPopulateWrite is MADV_POPULATE_WRITE (Linux 5.14): fault the pages of
// a range in, writable, without changing their contents.
const madvPopulateWrite = 23

// prefault asks the kernel to map the pages of the given column arrays
// before the parser first writes them. Called in its own goroutine right
// after the columns are allocated, it moves the cost of the page faults
// (a quarter of the parse on a virtual machine) to the other core while
// the parser fills the first rows; pages already written are left as
// they are. Errors (an older kernel) are ignored: the parser then faults
// the pages in itself, as without this call.
func prefault(arrays [][]byte) {
	page := uintptr(syscall.Getpagesize())
	for _, a := range arrays {
		if len(a) == 0 {
			continue
		}
		start := uintptr(unsafe.Pointer(unsafe.SliceData(a)))
		end := start + uintptr(len(a))
		start = (start + page - 1) &^ (page - 1)
		end &^= page - 1
		if end <= start {
			continue
		}
		if _, _, errno := syscall.Syscall(syscall.SYS_MADVISE, start, end-start, madvPopulateWrite); errno != 0 {
			return
		}
	}
}
