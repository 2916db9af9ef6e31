// React 18.3's renderToPipeableStream writes its output in 2048-byte views; when a multi-byte
// UTF-8 character (every Chinese one) does not fit at the end of a view, the view is still flushed
// whole, its unused last bytes as NUL (facebook/react#31134, fixed in React 19 only). Browsers then
// show a broken character in the middle of the text. The padding only ever sits at the end of a
// chunk, and HTML has no NUL bytes of its own, so dropping trailing NULs restores the document.
import { Transform } from "node:stream";

export function withoutNulPadding(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let end = chunk.length;
      while (end > 0 && chunk[end - 1] === 0) end--;
      callback(null, end === chunk.length ? chunk : chunk.subarray(0, end));
    },
  });
}
