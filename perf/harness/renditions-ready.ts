/**
 * The server makes the renditions of its music in the background after it starts. Measuring
 * (or testing) while ffmpeg runs would measure ffmpeg too, and see the API's answers change:
 * this waits until every track of every playlist has them, asking the API as a client would.
 */

const post = (body: object): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function ask<T>(baseUrl: string, query: string, variables: object = {}): Promise<T> {
  const response = await fetch(`${baseUrl}/graphql`, post({ query, variables }));
  return ((await response.json()) as { data: T }).data;
}

export async function waitForRenditions(baseUrl: string, timeoutMs = 120_000): Promise<void> {
  const { playlists } = await ask<{ playlists: { name: string }[] }>(baseUrl, '{ playlists { name } }');
  const deadline = Date.now() + timeoutMs;
  for (const { name } of playlists) {
    for (;;) {
      const { playlist } = await ask<{ playlist: { sources: unknown[] }[] }>(
        baseUrl,
        'query($name:String!){playlist(playlistName:$name){sources{url}}}',
        { name },
      );
      if (playlist.every((track) => track.sources.length > 0)) break;
      if (Date.now() > deadline) throw new Error(`the renditions of ${name} were not made in time`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
