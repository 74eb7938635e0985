import { Field, ID, InputType } from 'type-graphql';

@InputType('CreateLicenseCheckoutInput', { description: 'POST /create-checkout-session: the price is computed on the server, never taken from the client' })
export class CreateLicenseCheckoutInput {
  @Field(() => ID, { description: 'One of your beats.' })
  beatId!: string;

  @Field(() => String, { description: 'standard, advanced, excindie or exclabel' })
  leaseOptionId!: string;

  @Field(() => String, { description: "Buyer's first name, printed on the licence." })
  firstName!: string;

  @Field(() => String, { description: "Buyer's last name, printed on the licence." })
  lastName!: string;

  @Field(() => String, { description: "Buyer's country (one of `countries`)." })
  country!: string;
}
