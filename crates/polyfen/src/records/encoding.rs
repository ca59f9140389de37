//! Text encodings of game files: UTF-8 (with or without a byte order mark)
//! is read as it is; anything else (old Xiangqi files in GB18030/GBK or
//! Big5, old chess files in Latin-1) is detected from the first bytes, or
//! named, and decoded to UTF-8 on the fly.

use std::io::{self, Read};

pub use encoding_rs::Encoding;

/// How many bytes detection looks at.
const SNIFF: usize = 64 << 10;

/// The encoding named `label` (`utf-8`, `gb18030`, `gbk`, `big5`,
/// `latin1`, ... as the WHATWG Encoding Standard names them).
#[must_use]
pub fn encoding_for(label: &str) -> Option<&'static Encoding> {
    Encoding::for_label(label.trim().as_bytes())
}

/// `input` as UTF-8: decoded from `encoding` when one is given, else from
/// the encoding detected in its first 64 KiB (UTF-8 when they are UTF-8).
/// Returns the reader and the encoding used.
///
/// # Errors
///
/// Errors of `input`.
///
/// # Examples
///
/// ```
/// use std::io::Read;
/// use polyfen::records::decode;
///
/// // "炮二平五" in GB18030
/// let gb: &[u8] = &[0xc5, 0xda, 0xb6, 0xfe, 0xc6, 0xbd, 0xce, 0xe5];
/// let (mut reader, encoding) = decode(gb, None)?;
/// let mut text = String::new();
/// reader.read_to_string(&mut text)?;
/// assert_eq!(text, "炮二平五");
/// assert_eq!(encoding.name(), "GBK");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn decode<'a, R: Read + 'a>(
    mut input: R,
    encoding: Option<&'static Encoding>,
) -> io::Result<(Box<dyn Read + 'a>, &'static Encoding)> {
    let mut head = Vec::with_capacity(SNIFF);
    (&mut input).take(SNIFF as u64).read_to_end(&mut head)?;
    let encoding = match encoding {
        Some(e) => e,
        None => detect(&head, head.len() < SNIFF),
    };
    let chained = io::Cursor::new(head).chain(input);
    if encoding == encoding_rs::UTF_8 {
        return Ok((Box::new(chained), encoding));
    }
    Ok((Box::new(Transcoder::new(chained, encoding)), encoding))
}

/// The encoding of a text that starts with `head` (`complete` when `head`
/// is the whole text).
#[must_use]
pub fn detect(head: &[u8], complete: bool) -> &'static Encoding {
    if let Some((encoding, _)) = Encoding::for_bom(head) {
        return encoding;
    }
    match std::str::from_utf8(head) {
        Ok(_) => return encoding_rs::UTF_8,
        // a character cut at the end of the sample is still UTF-8
        Err(e) if e.error_len().is_none() && !complete => return encoding_rs::UTF_8,
        Err(_) => {}
    }
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(head, complete);
    detector.guess(None, true)
}

/// A reader that decodes `inner` from `encoding` into UTF-8.
struct Transcoder<R> {
    inner: R,
    decoder: encoding_rs::Decoder,
    input: Vec<u8>,
    start: usize,
    end: usize,
    eof: bool,
    output: Vec<u8>,
    out_start: usize,
    out_end: usize,
    /// The decoder has been called with the end of the input.
    finished: bool,
}

impl<R: Read> Transcoder<R> {
    fn new(inner: R, encoding: &'static Encoding) -> Transcoder<R> {
        Transcoder {
            inner,
            decoder: encoding.new_decoder_with_bom_removal(),
            input: vec![0; 32 << 10],
            start: 0,
            end: 0,
            eof: false,
            output: vec![0; 96 << 10],
            out_start: 0,
            out_end: 0,
            finished: false,
        }
    }
}

impl<R: Read> Read for Transcoder<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if self.out_start < self.out_end {
                let n = buf.len().min(self.out_end - self.out_start);
                buf[..n].copy_from_slice(&self.output[self.out_start..self.out_start + n]);
                self.out_start += n;
                return Ok(n);
            }
            if self.finished {
                return Ok(0);
            }
            if self.start == self.end && !self.eof {
                self.start = 0;
                self.end = self.inner.read(&mut self.input)?;
                self.eof = self.end == 0;
            }
            let (result, read, written, _) =
                self.decoder.decode_to_utf8(&self.input[self.start..self.end], &mut self.output, self.eof);
            self.start += read;
            self.out_start = 0;
            self.out_end = written;
            // the last call may still write (a replacement character for a
            // cut sequence); the decoder must not be called after it
            self.finished = self.eof && result == encoding_rs::CoderResult::InputEmpty;
        }
    }
}
