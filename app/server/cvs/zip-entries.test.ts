import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { docxZipBomb } from "../../../tests/fixtures/documents";
import { readZipEntries } from "./zip-entries.server";

const everything = () => true;

describe("reading the parts of a zip within limits", () => {
  it("returns the wanted entries, inflated", async () => {
    const zip = zipSync({ "a.xml": strToU8("<a/>"), "b.bin": new Uint8Array(10), "dir/c.xml": strToU8("<c/>") });
    const entries = await readZipEntries(zip, (name) => name.endsWith(".xml"));
    expect([...entries.keys()]).toEqual(["a.xml", "dir/c.xml"]);
    expect(Buffer.from(entries.get("dir/c.xml")!).toString()).toBe("<c/>");
  });

  it("refuses a bomb by its declared size before inflating anything", async () => {
    const bomb = await docxZipBomb({ inflatedMb: 60 });
    expect(bomb.length).toBeLessThan(200 * 1024);
    await expect(readZipEntries(bomb, everything)).rejects.toMatchObject({ reason: "refused", message: expect.stringMatching(/inflate to more than 32 MB/) });
  });

  it("stops a bomb that lies about its size at the lie, holding no more than it declared", async () => {
    const liar = await docxZipBomb({ inflatedMb: 60, declaredBytes: 4096 });
    await expect(readZipEntries(liar, everything)).rejects.toMatchObject({ reason: "refused", message: expect.stringMatching(/more than it declares/) });
  });

  it("refuses a zip with more entries than a document has, and one with two parts of one name", async () => {
    const many = zipSync(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`part-${i}.xml`, strToU8("<p/>")])));
    await expect(readZipEntries(many, everything, { maxEntries: 20 })).rejects.toMatchObject({ reason: "refused" });
    const twice = zipSync({ "a.xml": strToU8("<one/>"), "b.xml": strToU8("<two/>") });
    // Rename the second entry to the first's name in both headers: same length, so only the bytes change.
    const renamed = Buffer.from(Buffer.from(twice).toString("latin1").replaceAll("b.xml", "a.xml"), "latin1");
    await expect(readZipEntries(renamed, everything)).rejects.toMatchObject({ reason: "refused", message: expect.stringMatching(/two files named a\.xml/) });
  });
});
