//go:build !unix

package tablebase

import "os"

func diskUsage(fi os.FileInfo) int64 { return fi.Size() }
