// Every GROQ query the site runs, in one module. The Sanity adapter and the embedded adapter run
// these very strings; `sanity typegen` reads them to generate their result types
// (app/content/sanity.types.ts). User input only ever enters as $params.
import { defineQuery } from 'groq';

const imageFields = /* groq */ `
  alt,
  "url": asset->url,
  "width": asset->metadata.dimensions.width,
  "height": asset->metadata.dimensions.height
`;

export const siteSettingsQuery = defineQuery(`
  *[_type == "siteSettings" && _id == "siteSettings"][0]{
    name,
    phone,
    email,
    address,
    description,
    hero{
      heading,
      tagline,
      image{${imageFields}}
    },
    socialLinks[]{_key, platform, url},
    paymentMethods
  }
`);
