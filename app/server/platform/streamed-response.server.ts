/**
 * A Response whose body is written piece by piece as `chunks` makes them (sitemaps, feeds): each
 * piece is made only when the client has taken the one before, so a large document never sits in
 * memory, and the generator is stopped if the client goes away. An error midway is logged and
 * ends the stream (the status has already been sent).
 */
export function streamedResponse(chunks: AsyncGenerator<string>, headers: HeadersInit, label: string): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        console.error(`${label} failed while streaming`, error);
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, { headers });
}
