import { Field, InputType, Int } from 'type-graphql';

/** Drums chosen in one section (0-based index into the beat's structure). */
@InputType('SectionDrumsInput')
export class SectionDrumsInput {
  @Field(() => Int) section!: number;
  @Field(() => [String], { description: "Drum types: 808s, Kicks, Claps, Snares, Hihats, Open Hats, Percs, Cymbals" }) drums!: string[];
}
