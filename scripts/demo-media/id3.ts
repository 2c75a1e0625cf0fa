/** A minimal ID3v2.3 writer: text frames and one front-cover picture. */

export interface Id3Tags {
  title: string;
  artist: string;
  album: string;
  track: number;
  cover?: { mimeType: string; data: Buffer } | undefined;
}

function frame(id: string, body: Buffer): Buffer {
  const header = Buffer.alloc(10);
  header.write(id, 0, 'ascii');
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

/** UTF-16 with a byte-order mark, so any title survives (encoding byte 1). */
function textFrame(id: string, text: string): Buffer {
  return frame(id, Buffer.concat([Buffer.from([1, 0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
}

function syncSafe(size: number): Buffer {
  return Buffer.from([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
}

/** The whole tag, header included. */
export function encodeId3(tags: Id3Tags): Buffer {
  const frames = [
    textFrame('TIT2', tags.title),
    textFrame('TPE1', tags.artist),
    textFrame('TALB', tags.album),
    textFrame('TRCK', String(tags.track)),
  ];
  if (tags.cover) {
    const { mimeType, data } = tags.cover;
    // Encoding 0, MIME type, picture type 3 (front cover), empty description, picture.
    const header = Buffer.concat([Buffer.from([0]), Buffer.from(`${mimeType}\0`, 'latin1'), Buffer.from([3, 0])]);
    frames.push(frame('APIC', Buffer.concat([header, data])));
  }
  const body = Buffer.concat(frames);
  return Buffer.concat([Buffer.from('ID3', 'ascii'), Buffer.from([3, 0, 0]), syncSafe(body.length), body]);
}
