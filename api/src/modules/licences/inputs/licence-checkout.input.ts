import { Field, ID, InputType } from 'type-graphql';

@InputType('CreateLicenseCheckoutInput', { description: 'POST /create-checkout-session: the price is computed on the server, never taken from the client' })
export class CreateLicenseCheckoutInput {
  @Field(() => ID)
  beatId!: string;

  @Field(() => String, { description: 'standard, advanced, excindie or exclabel' })
  leaseOptionId!: string;

  @Field(() => String)
  firstName!: string;

  @Field(() => String)
  lastName!: string;

  @Field(() => String)
  country!: string;
}
