import { Field, InputType, Int } from 'type-graphql';

/** Drums chosen in one section (0-based index into the beat's structure). */
@InputType('SectionDrumsInput', { description: 'The drums chosen in one section of a beat.' })
export class SectionDrumsInput {
  @Field(() => Int, { description: '0-based index into the beat\'s structure (BAD_USER_INPUT past its end)' }) section!: number;
  @Field(() => [String], { description: "Drum types that play in that section: 808s, Kicks, Claps, Snares, Hihats, Open Hats, Percs, Cymbals (BAD_USER_INPUT for one the section lacks)" }) drums!: string[];
}

/** The energy chosen for one section (0-based index into the beat's structure). */
@InputType('SectionEnergyInput', { description: 'The energy chosen for one section of a beat.' })
export class SectionEnergyInput {
  @Field(() => Int, { description: '0-based index into the beat\'s structure (BAD_USER_INPUT past its end)' }) section!: number;
  @Field(() => Int, { description: 'From -2 (much calmer than generated) to 2 (much fuller); 0 is the section as generated (BAD_USER_INPUT otherwise)' }) energy!: number;
}
