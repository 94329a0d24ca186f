/**
 * Publishing a page, service area or policy under a new address keeps its old address working:
 * the Publish button makes a redirect from the old address to the document (a weak reference, so
 * the redirect follows the document through later renames and goes when the document goes), then
 * publishes as usual. Going back to an address it had before drops the redirect from it, which
 * would otherwise lead the document to itself (docs/decisions/049-pages-by-address.md).
 */
import { useClient, type DocumentActionComponent } from 'sanity';
import { STUDIO_API_VERSION } from './addresses';
import { planRedirects } from './redirect-plan';

interface AddressedDraft {
  route?: { current?: string };
}

const REDIRECTS_TO_IT = /* groq */ `*[_type == "redirect" && to._ref == $id]{_id, from}`;

/**
 * The document's Publish action, making the redirect its new address needs first. The original
 * action keeps everything else (disabled while validation fails, its label and shortcuts).
 */
export function publishWithRedirect(publish: DocumentActionComponent): DocumentActionComponent {
  const PublishWithRedirect: DocumentActionComponent = (props) => {
    const client = useClient({ apiVersion: STUDIO_API_VERSION });
    const result = publish(props);
    if (!result) return result;
    return {
      ...result,
      onHandle: async () => {
        const before = (props.published as AddressedDraft | null)?.route?.current;
        const after = (props.draft as AddressedDraft | null)?.route?.current;
        if (before !== after) {
          const redirectsToIt = await client.fetch<{ _id: string; from: string }[]>(
            REDIRECTS_TO_IT,
            { id: props.id },
          );
          const plan = planRedirects({
            id: props.id,
            type: props.type,
            before,
            after,
            redirectsToIt,
          });
          if (plan.create || plan.remove.length > 0) {
            const transaction = client.transaction();
            if (plan.create) transaction.createOrReplace(plan.create);
            for (const id of plan.remove) transaction.delete(id);
            await transaction.commit();
          }
        }
        result.onHandle?.();
      },
    };
  };
  PublishWithRedirect.action = publish.action;
  return PublishWithRedirect;
}
