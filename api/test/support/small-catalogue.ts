import type { ApiUnderTest } from './test-app';
import { bearer, type SignedInUser } from './users';
import { registerUploader } from './producers';
import { dataUrl, drumWav, melodyWav } from './wav-fixtures';

/**
 * A small real catalogue, uploaded through the REST paths by two producers on Premium (the plan uploads need): melody compositions in
 * trap and country, and trap and country drum loops of several types (a real 808 in F minor).
 */
export async function uploadSmallCatalogue(test: ApiUnderTest): Promise<{ producers: SignedInUser[] }> {
  const producers: SignedInUser[] = [await registerUploader(test, 'trapper'), await registerUploader(test, 'cowboy')];
  const post = async (token: string, path: string, body: unknown) => {
    const response = await fetch(`${test.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(token) },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  };
  const melody = (token: string, genre: string, key: 'A' | 'E', bpm: number) =>
    post(token, '/uploadingmelsamples', {
      artists: [genre === 'Trap' ? 'Future' : 'Morgan Wallen'], instruments: ['Keys'], genres: [genre], moods: ['Dark'],
      tempo_style: ['half-time'], bpm, key, mode: 'Minor',
      files: [
        { name: 'keys.wav', data: dataUrl(melodyWav(key, 'Minor', bpm, 1)) },
        { name: 'pad.wav', data: dataUrl(melodyWav(key, 'Minor', bpm, 2)) },
      ],
    });
  const drums = (token: string, genre: string, bpm: number, types: string[]) =>
    post(token, '/uploadingdrumsamples', {
      entries: types.map((drumType, i) => ({
        file: { name: `${drumType}.wav`, data: dataUrl(drumWav(bpm, 8, i + 1)) },
        drumType, genres: [genre], artists: ['Anyone'], moods: ['Dark'], tempoStyle: ['bouncy'], bpm,
        ...(drumType === '808s' ? { key: 'F', mode: 'Minor' } : {}),
      })),
    });
  await melody(producers[0].accessToken, 'Trap', 'A', 140);
  await melody(producers[1].accessToken, 'Country', 'E', 96);
  await drums(producers[0].accessToken, 'Trap', 140, ['Kicks', 'Snares', 'Hihats', '808s']);
  await drums(producers[0].accessToken, 'Trap', 140, ['Kicks']);
  await drums(producers[1].accessToken, 'Country', 96, ['Kicks', 'Snares', 'Hihats']);
  return { producers };
}
