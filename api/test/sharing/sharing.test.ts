import { createHmac, randomBytes } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/test-app';
import { graphql } from '../support/graphql-client';
import { rest } from '../support/producers';
import { PLAN_LEVEL, registerAndSignIn } from '../support/users';
import { beatRow } from '../support/beat-factories';
import { RecordingLicenceFiles, RecordingOutbox, buyer, pricedProducer, sql, userId } from '../licences/licence-world';

let test: TestApp;
const files = new RecordingLicenceFiles();
const outbox = new RecordingOutbox();

beforeAll(async () => {
  test = await startTestApp({}, { licenceFiles: files, mailOutbox: outbox });
  files.blobs = test.app.blobs;
});
afterAll(async () => {
  await test?.close();
});

/** 64 KiB of stand-in MP3 bytes, numbered so a range can be checked. */
const AUDIO = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => i % 251));

/** A beat of `ownerId` with audio in the blob store, made from one composition and two drum loops. */
async function beatWithAudio(ownerId: string, over: { title?: string; loops?: { composition: string; drums: string[] } } = {}) {
  const em = test.app.orm.em.fork();
  const loops = over.loops ?? { composition: randomUUIDLike(), drums: [randomUUIDLike(), randomUUIDLike()] };
  const beat = beatRow(em, ownerId, {
    title: over.title ?? 'Night Drive',
    producerShares: [
      { producerId: randomUUIDLike(), name: 'Mara Keys', percent: 60 },
      { producerId: randomUUIDLike(), name: 'Drum Lab', percent: 40 },
    ],
    peaks: [0.1, 0.8, 0.4, 1, 0.2],
    durationSeconds: 32,
    selection: { genre: 'trap', composition: { id: loops.composition }, drums: loops.drums.map((sampleId) => ({ sampleId })) } as never,
  });
  await em.flush();
  await test.app.blobs.put(beat.mp3BlobKey, AUDIO, { contentType: 'audio/mpeg' });
  return beat.id;
}
const randomUUIDLike = () => {
  const hex = randomBytes(16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

async function person(name: string) {
  const user = await registerAndSignIn(test, name);
  return { ...user, id: await userId(test, user) };
}

const SHARE = 'mutation($b: ID!) { shareBeat(beatId: $b) { shareId url pageUrl plays createdAt } }';
const UNSHARE = 'mutation($b: ID!) { unshareBeat(beatId: $b) }';
const STATUS = 'query($b: ID!) { beatShare(beatId: $b) { shareId plays } }';
const PUBLIC = 'query($s: ID!) { sharedBeat(shareId: $s) { shareId title key mode bpm structure durationSeconds peaks producers { name percent } audioUrl audioExpiresAt viewerIsOwner beatId plays url } }';
const PLAY = 'mutation($s: ID!) { recordSharedBeatPlay(shareId: $s) }';

describe('sharing a beat', () => {
  it('the owner shares it; anyone without sign-in sees the public beat (no download address), and only the owner gets Get License and the plays', async () => {
    const owner = await person('sharer');
    const beatId = await beatWithAudio(owner.id);
    const shared = await graphql<{ shareBeat: { shareId: string; url: string; pageUrl: string; plays: number } }>(test.url, SHARE, { b: beatId }, owner.accessToken);
    expect(shared.errors).toBeUndefined();
    const { shareId, url, pageUrl } = shared.data!.shareBeat;
    expect(shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(url).toBe(`${test.config.publicApiUrl}/s/${shareId}`);
    expect(pageUrl).toBe(`${test.config.webOrigin}/shared/${shareId}`);
    expect(shareId).not.toContain(beatId.slice(0, 8));

    const anonymous = await graphql<{ sharedBeat: Record<string, unknown> }>(test.url, PUBLIC, { s: shareId });
    expect(anonymous.errors).toBeUndefined();
    expect(anonymous.data!.sharedBeat).toMatchObject({
      shareId, title: 'Night Drive', key: 'F#', mode: 'Minor', bpm: 140, structure: 'IVCO', durationSeconds: 32, peaks: [0.1, 0.8, 0.4, 1, 0.2],
      producers: [{ name: 'Mara Keys', percent: 60 }, { name: 'Drum Lab', percent: 40 }],
      viewerIsOwner: false, beatId: null, plays: null, url,
    });
    // The audio goes through the throttled stream, never the blob store's download address.
    expect(anonymous.data!.sharedBeat.audioUrl).toMatch(new RegExp(`^${test.config.publicApiUrl}/shared-beats/${shareId}/audio\\?exp=\\d+&sig=`));
    expect(JSON.stringify(anonymous.data)).not.toContain('/media/');
    expect(JSON.stringify(anonymous.data)).not.toContain(owner.email);

    const stranger = await person('stranger');
    expect((await graphql<{ sharedBeat: { viewerIsOwner: boolean } }>(test.url, PUBLIC, { s: shareId }, stranger.accessToken)).data!.sharedBeat.viewerIsOwner).toBe(false);
    const mine = await graphql<{ sharedBeat: Record<string, unknown> }>(test.url, PUBLIC, { s: shareId }, owner.accessToken);
    expect(mine.data!.sharedBeat).toMatchObject({ viewerIsOwner: true, beatId, plays: 0 });

    // REST answers the same service.
    const restPublic = await rest(test, 'GET', `/shared-beats/${shareId}`, null);
    expect(restPublic).toMatchObject({ status: 200, body: { share_id: shareId, title: 'Night Drive', Key: 'F#', Mode: 'Minor', BPM: 140, beat_structuring: 'IVCO', viewer_is_owner: false, beat_id: null, plays: null } });
    expect(restPublic.body.producer_info).toEqual([{ producer: 'Mara Keys', percentage: 60 }, { producer: 'Drum Lab', percentage: 40 }]);
  });

  it('sharing twice, and two shares at once, give one link; REST shares and unshares too', async () => {
    const owner = await person('twice');
    const beatId = await beatWithAudio(owner.id);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) =>
      i % 2 ? rest(test, 'POST', `/beats/${beatId}/share`, owner.accessToken).then((r) => r.body.share_id as string)
        : graphql<{ shareBeat: { shareId: string } }>(test.url, SHARE, { b: beatId }, owner.accessToken).then((r) => r.data!.shareBeat.shareId)));
    expect(new Set(answers).size).toBe(1);
    expect(await sql(test, 'select count(*)::int as n from beat_shares where beat_id = ?', [beatId])).toEqual([{ n: 1 }]);
    expect(await rest(test, 'GET', `/beats/${beatId}/share`, owner.accessToken)).toMatchObject({ status: 200, body: { share_id: answers[0], plays: 0 } });

    expect((await rest(test, 'DELETE', `/beats/${beatId}/share`, owner.accessToken)).status).toBe(204);
    expect((await rest(test, 'GET', `/beats/${beatId}/share`, owner.accessToken)).status).toBe(404);
    expect((await rest(test, 'GET', `/shared-beats/${answers[0]}`, null)).status).toBe(404);
    // Sharing again makes a new link; the old one stays dead.
    const again = (await rest(test, 'POST', `/beats/${beatId}/share`, owner.accessToken)).body.share_id as string;
    expect(again).not.toBe(answers[0]);
    expect((await rest(test, 'GET', `/shared-beats/${answers[0]}`, null)).status).toBe(404);
    expect((await rest(test, 'GET', `/shared-beats/${again}`, null)).status).toBe(200);
  });

  it('after unsharing, the page, its audio, its link page and its picture answer 404', async () => {
    const owner = await person('unsharer');
    const beatId = await beatWithAudio(owner.id);
    const { shareId } = (await graphql<{ shareBeat: { shareId: string } }>(test.url, SHARE, { b: beatId }, owner.accessToken)).data!.shareBeat;
    const audioUrl = (await graphql<{ sharedBeat: { audioUrl: string } }>(test.url, PUBLIC, { s: shareId })).data!.sharedBeat.audioUrl;
    expect((await fetch(audioUrl, { headers: { range: 'bytes=0-9' } })).status).toBe(206);

    const unshared = await graphql<{ unshareBeat: boolean }>(test.url, UNSHARE, { b: beatId }, owner.accessToken);
    expect(unshared.data).toEqual({ unshareBeat: true });
    expect((await graphql<{ unshareBeat: boolean }>(test.url, UNSHARE, { b: beatId }, owner.accessToken)).data).toEqual({ unshareBeat: false });
    const gone = await graphql(test.url, PUBLIC, { s: shareId });
    expect(gone.errors?.[0]).toMatchObject({ message: 'This beat is not shared.', extensions: { code: 'NOT_FOUND' } });
    expect((await graphql<{ beatShare: null }>(test.url, STATUS, { b: beatId }, owner.accessToken)).data).toEqual({ beatShare: null });
    expect((await fetch(audioUrl)).status).toBe(404);
    const page = await fetch(`${test.url}/s/${shareId}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('This beat is not shared');
    expect((await fetch(`${test.url}/s/${shareId}/waveform.png`)).status).toBe(404);
    expect((await graphql(test.url, PLAY, { s: shareId })).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses anonymous callers, other users (forbidden), unknown and malformed ids', async () => {
    const owner = await person('guarded');
    const beatId = await beatWithAudio(owner.id);
    const other = await person('intruder');
    expect((await graphql(test.url, SHARE, { b: beatId })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await rest(test, 'POST', `/beats/${beatId}/share`, null)).status).toBe(401);
    const forbidden = await graphql(test.url, SHARE, { b: beatId }, other.accessToken);
    expect(forbidden.errors?.[0]).toMatchObject({ message: 'Only the owner of this beat can share it.', extensions: { code: 'FORBIDDEN' } });
    expect(await rest(test, 'POST', `/beats/${beatId}/share`, other.accessToken)).toMatchObject({ status: 403, body: { error: 'Only the owner of this beat can share it.' } });
    expect((await rest(test, 'DELETE', `/beats/${beatId}/share`, other.accessToken)).status).toBe(403);
    expect((await rest(test, 'GET', `/beats/${beatId}/share`, other.accessToken)).status).toBe(403);
    expect(await sql(test, 'select count(*)::int as n from beat_shares where beat_id = ?', [beatId])).toEqual([{ n: 0 }]);

    // Another's unshare does not end the owner's share.
    const { shareId } = (await graphql<{ shareBeat: { shareId: string } }>(test.url, SHARE, { b: beatId }, owner.accessToken)).data!.shareBeat;
    expect((await graphql(test.url, UNSHARE, { b: beatId }, other.accessToken)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await rest(test, 'GET', `/shared-beats/${shareId}`, null)).status).toBe(200);

    expect((await rest(test, 'POST', '/beats/not-a-uuid/share', owner.accessToken)).status).toBe(404);
    expect((await rest(test, 'POST', `/beats/${randomUUIDLike()}/share`, owner.accessToken)).status).toBe(404);
    for (const bad of ['short', `${shareId}x`, 'a'.repeat(21) + '!', '../../etc/passwd0000000']) {
      const answer = await graphql(test.url, PUBLIC, { s: bad });
      expect(answer.errors?.[0]).toMatchObject({ message: 'That share link is not valid.', extensions: { code: 'BAD_USER_INPUT' } });
    }
    expect((await rest(test, 'GET', '/shared-beats/short', null)).status).toBe(400);
    expect((await rest(test, 'GET', `/shared-beats/${'A'.repeat(22)}`, null)).status).toBe(404);
    // A bearer token that does not verify is refused, not taken for a visitor.
    expect((await rest(test, 'GET', `/shared-beats/${shareId}`, 'not-a-token')).status).toBe(401);
    expect((await rest(test, 'POST', `/shared-beats/${shareId}/plays`, 'not-a-token')).status).toBe(401);
    expect((await fetch(`${test.url}/s/short`)).status).toBe(404);
  });

  it('a beat sold as an exclusive can be shared only by its exclusive owner', async () => {
    const producer = await pricedProducer(test, 'exclusive-seller', { price_standard: 25, price_advanced: 60, price_exclabel: 900, price_excindie: 450 });
    const owner = await buyer(test, 'exclusive-owner', PLAN_LEVEL.premium);
    const em = test.app.orm.em.fork();
    const beat = beatRow(em, owner.id, { producerShares: [{ producerId: producer.id, name: producer.producerName, percent: 100 }] });
    await em.flush();
    await test.app.blobs.put(beat.mp3BlobKey, AUDIO, { contentType: 'audio/mpeg' });
    const { shareId } = (await graphql<{ shareBeat: { shareId: string } }>(test.url, SHARE, { b: beat.id }, owner.accessToken)).data!.shareBeat;

    // The owner buys the exclusive through the local checkout: they hold it, so the share stays.
    const checkout = await rest(test, 'POST', '/create-checkout-session', owner.accessToken, { beat_id: beat.id, lease_option_id: 'excindie', first_name: 'Ada', last_name: 'Lovelace', country: 'United Kingdom' });
    expect(checkout.status).toBe(200);
    expect((await fetch(`${test.url}/local-licence-checkout/${checkout.body.id as string}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    expect(await sql(test, 'select exclusive, buyer_id from licences where beat_id = ?', [beat.id])).toEqual([{ exclusive: true, buyer_id: owner.id }]);
    expect((await rest(test, 'GET', `/shared-beats/${shareId}`, null)).status).toBe(200);
    expect((await graphql(test.url, SHARE, { b: beat.id }, owner.accessToken)).errors).toBeUndefined();

    // The exclusive held by another account (as a transferred exclusive would be): the owner's link
    // dies, the owner may not share it, and the holder may.
    const holder = await person('exclusive-holder');
    await sql(test, 'update licences set buyer_id = ? where beat_id = ?', [holder.id, beat.id]);
    expect((await rest(test, 'GET', `/shared-beats/${shareId}`, null)).status).toBe(404);
    const refused = await graphql(test.url, SHARE, { b: beat.id }, owner.accessToken);
    expect(refused.errors?.[0]).toMatchObject({ message: 'This beat was sold as an exclusive: only its exclusive owner can share it.', extensions: { code: 'FORBIDDEN' } });
    const held = await graphql<{ shareBeat: { shareId: string } }>(test.url, SHARE, { b: beat.id }, holder.accessToken);
    expect(held.errors).toBeUndefined();
    expect(held.data!.shareBeat.shareId).not.toBe(shareId);
    expect((await graphql<{ sharedBeat: { viewerIsOwner: boolean } }>(test.url, PUBLIC, { s: held.data!.shareBeat.shareId }, holder.accessToken)).data!.sharedBeat.viewerIsOwner).toBe(true);
    // The owner, whose share was replaced, cannot end the holder's.
    expect((await graphql(test.url, UNSHARE, { b: beat.id }, owner.accessToken)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('the shared audio', () => {
  it('streams a signed address with ranges, as audio to play (no attachment), and refuses tampered or expired ones', async () => {
    const owner = await person('streamer');
    const beatId = await beatWithAudio(owner.id);
    const { shareId } = (await graphql<{ shareBeat: { shareId: string } }>(test.url, SHARE, { b: beatId }, owner.accessToken)).data!.shareBeat;
    const audioUrl = (await graphql<{ sharedBeat: { audioUrl: string } }>(test.url, PUBLIC, { s: shareId })).data!.sharedBeat.audioUrl;

    const part = await fetch(audioUrl, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${AUDIO.length}`);
    expect(part.headers.get('content-type')).toBe('audio/mpeg');
    expect(part.headers.get('content-disposition')).toBeNull();
    expect(part.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(AUDIO.subarray(1000, 2000));
    expect((await fetch(audioUrl, { headers: { range: `bytes=${AUDIO.length}-` } })).status).toBe(416);

    const url = new URL(audioUrl);
    const tampered = new URL(audioUrl);
    tampered.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 3600));
    expect((await fetch(tampered)).status).toBe(403);
    const unsigned = new URL(audioUrl);
    unsigned.searchParams.delete('sig');
    expect((await fetch(unsigned)).status).toBe(403);
    const past = Math.floor(Date.now() / 1000) - 10;
    const expired = await fetch(`${test.url}/shared-beats/${shareId}/audio?exp=${past}&sig=${sign(`${shareId}.${past}`)}`);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ error: 'This audio link has expired. Open the page again.' });
  });

  it('at most two streams of one beat at once per network, and 60 audio requests per 10 minutes', async () => {
    const owner = await person('scraper-target');
    const beatId = await beatWithAudio(owner.id);
    const { shareId } = (await graphql<{ shareBeat: { shareId: string } }>(test.url, SHARE, { b: beatId }, owner.accessToken)).data!.shareBeat;
    const audioUrl = (await graphql<{ sharedBeat: { audioUrl: string } }>(test.url, PUBLIC, { s: shareId })).data!.sharedBeat.audioUrl;
    // Two whole-file streams held open (unread, they wait on the throttle and on us).
    const first = new AbortController();
    const second = new AbortController();
    const open = await Promise.all([fetch(audioUrl, { signal: first.signal }), fetch(audioUrl, { signal: second.signal })]);
    expect(open.map((r) => r.status)).toEqual([200, 200]);
    const third = await fetch(audioUrl, { headers: { range: 'bytes=0-9' } });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('5');
    first.abort();
    second.abort();
    // The server sees the aborts when their sockets close; then a new stream is let in.
    await waitFor(async () => (await fetch(audioUrl, { headers: { range: 'bytes=0-9' } })).status === 206);

    let status = 0;
    for (let i = 0; i < 70 && status !== 429; i++) status = (await fetch(audioUrl, { headers: { range: 'bytes=0-9' } })).status;
    expect(status).toBe(429);
  });
});

describe('plays', () => {
  it('count once per listener per day, are shown to the owner, and sum per loop', async () => {
    const owner = await person('played');
    const melody = randomUUIDLike();
    const kick = randomUUIDLike();
    const beatA = await beatWithAudio(owner.id, { loops: { composition: melody, drums: [kick] } });
    const beatB = await beatWithAudio(owner.id, { loops: { composition: randomUUIDLike(), drums: [kick] } });
    const shareA = (await graphql<{ shareBeat: { shareId: string } }>(test.url, SHARE, { b: beatA }, owner.accessToken)).data!.shareBeat.shareId;
    const shareB = (await graphql<{ shareBeat: { shareId: string } }>(test.url, SHARE, { b: beatB }, owner.accessToken)).data!.shareBeat.shareId;
    const listener = await person('listener');

    // The anonymous network (this test's 127.0.0.1) twice, a signed-in listener twice, at once: two plays.
    const counted = await Promise.all([
      graphql<{ recordSharedBeatPlay: boolean }>(test.url, PLAY, { s: shareA }),
      graphql<{ recordSharedBeatPlay: boolean }>(test.url, PLAY, { s: shareA }),
      rest(test, 'POST', `/shared-beats/${shareA}/plays`, listener.accessToken),
      graphql<{ recordSharedBeatPlay: boolean }>(test.url, PLAY, { s: shareA }, listener.accessToken),
    ]);
    const firsts = [counted[0].data!.recordSharedBeatPlay, counted[1].data!.recordSharedBeatPlay, counted[2].body.counted, counted[3].data!.recordSharedBeatPlay];
    expect(firsts.filter(Boolean)).toHaveLength(2);
    expect(await rest(test, 'POST', `/shared-beats/${shareB}/plays`, null)).toMatchObject({ status: 200, body: { counted: true } });

    expect((await graphql<{ beatShare: { plays: number } }>(test.url, STATUS, { b: beatA }, owner.accessToken)).data!.beatShare.plays).toBe(2);
    expect((await graphql<{ sharedBeat: { plays: number } }>(test.url, PUBLIC, { s: shareA }, owner.accessToken)).data!.sharedBeat.plays).toBe(2);
    // Yesterday's play by the same listener is another day's.
    await sql(test, `insert into beat_plays (beat_id, listener, day, first_played_at) values (?, ?, (now() at time zone 'utc')::date - 1, now())`, [beatA, `user:${listener.id}`]);
    expect((await graphql<{ beatShare: { plays: number } }>(test.url, STATUS, { b: beatA }, owner.accessToken)).data!.beatShare.plays).toBe(3);

    const perLoop = await test.app.services.sharing.playsPerLoop([melody, kick, randomUUIDLike()]);
    expect([...perLoop.values()]).toEqual([3, 4, 0]);
    // Plays stay with the beat after sharing stops.
    await graphql(test.url, UNSHARE, { b: beatA }, owner.accessToken);
    expect((await test.app.services.sharing.playsPerLoop([kick])).get(kick)).toBe(4);
  });
});

describe('the link page', () => {
  it('carries Open Graph and Twitter card tags with the title and a waveform PNG, and sends people to the web page', async () => {
    const owner = await person('linker');
    const beatId = await beatWithAudio(owner.id, { title: 'Drake <Type> "Beat"' });
    const { shareId, url, pageUrl } = (await graphql<{ shareBeat: { shareId: string; url: string; pageUrl: string } }>(test.url, SHARE, { b: beatId }, owner.accessToken)).data!.shareBeat;
    const page = await fetch(`${test.url}/s/${shareId}`, { headers: { 'user-agent': 'facebookexternalhit/1.1' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    const meta = (attr: string, name: string) => new RegExp(`<meta ${attr}="${name}" content="([^"]*)">`).exec(html)?.[1];
    expect(meta('property', 'og:title')).toBe('Drake &lt;Type&gt; &quot;Beat&quot;');
    expect(meta('name', 'twitter:title')).toBe('Drake &lt;Type&gt; &quot;Beat&quot;');
    expect(meta('name', 'twitter:card')).toBe('summary_large_image');
    expect(meta('property', 'og:url')).toBe(url);
    expect(meta('property', 'og:image')).toBe(`${url}/waveform.png`);
    expect(meta('name', 'twitter:image')).toBe(`${url}/waveform.png`);
    expect(meta('property', 'og:description')).toBe('F# Minor, 140 BPM, with loops by Mara Keys, Drum Lab. Listen on the storefront player.');
    expect(html).toContain(`<meta http-equiv="refresh" content="0; url=${pageUrl}">`);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<Type>');

    const picture = await fetch(`${test.url}/s/${shareId}/waveform.png`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await picture.arrayBuffer());
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it('public views are limited to 120 a network in 10 minutes', async () => {
    const owner = await person('popular');
    const beatId = await beatWithAudio(owner.id);
    const { shareId } = (await graphql<{ shareBeat: { shareId: string } }>(test.url, SHARE, { b: beatId }, owner.accessToken)).data!.shareBeat;
    // Earlier tests of this suite spent some of this network's views already: count up to the refusal.
    let answer = await rest(test, 'GET', `/shared-beats/${shareId}`, null);
    for (let i = 0; i < 130 && answer.status === 200; i++) answer = await rest(test, 'GET', `/shared-beats/${shareId}`, null);
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await graphql(test.url, PUBLIC, { s: shareId })).errors?.[0].extensions?.code).toBe('TOO_MANY_REQUESTS');
    expect((await fetch(`${test.url}/s/${shareId}`)).status).toBe(429);
  });
});

/** The audio signature, made as the service makes it, from the install's secret. */
function sign(text: string): string {
  return createHmac('sha256', secretOf()).update(text).digest('base64url');
}
let secret = '';
const secretOf = () => secret;
beforeAll(async () => {
  const [row] = await sql<{ value: string }>(test, `select value from app_secrets where name = 'shared-beat-audio'`);
  secret = row.value;
});

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (;;) {
    if (await check()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
