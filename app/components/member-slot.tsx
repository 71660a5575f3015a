import { createContext, memo, type ComponentType } from "react";

/**
 * A member slot (decision 0064): a place of a page whose content is a member's own (their header, their review form,
 * their votes), on a page whose other parts are the same for everyone. The page kept for visitors is shared with
 * members, and the server puts each member's own content in its slots (http/member-slots.ts); the page, when it
 * hydrates, draws its slots with the member's part at once (app/components/member-view.ts), so that it finds the
 * markup the server sent.
 *
 * A slot is always drawn, for visitors too, and never inside another slot, a list or a table: the server finds its
 * content between its tags. Its content reads its data itself (route data through `useMemberView`, the member
 * through `useRootData`), not from props worked out outside the slot.
 */
export const InMemberSlot = createContext(false);

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- the way React's types take a custom element
  namespace JSX {
    interface IntrinsicElements {
      "parcours-slot": { "data-slot": string; children?: React.ReactNode };
    }
  }
}

/** A slot component, with what the server needs to know of it (http/member-slots.ts). */
export type MemberSlotComponent = ComponentType & { slotName: string; sameForEveryMember: boolean; sameForSamePart: boolean };

/**
 * A slot named `name` holding `Content`: `display: contents` (app/app.css), so that it changes nothing of the layout.
 *
 * `sameForEveryMember`: its content differs between a visitor and a member but not between two members (the park's
 * ride cards gain 'Ajouter au plan', the add-ride form replaces its login prompt): it reads whether someone is signed
 * in, never who, nor the member's part. The server then draws it once per kept page for all members (decision 0064).
 *
 * `sameForSamePart`: its content is the member's part drawn (their own review, their votes), but it reads whether
 * someone is signed in, never who: two members whose parts are equal get the same content, drawn once for both
 * (decision 0071).
 */
export function memberSlot(name: string, Content: ComponentType, { sameForEveryMember = false, sameForSamePart = false } = {}): MemberSlotComponent {
  function Slot() {
    return (
      <InMemberSlot value>
        <parcours-slot data-slot={name}>
          <Content />
        </parcours-slot>
      </InMemberSlot>
    );
  }
  Slot.displayName = `MemberSlot(${name})`;
  // A slot takes no props: drawn again only when what it reads changes. The page around it is drawn again once it has
  // hydrated, with the member's part (decision 0060); a lazy part of a slot still on its way (the owner's top 10
  // editor) would otherwise get an update before it has hydrated, and React would put its fallback in place of the
  // server's markup (decision 0067).
  return Object.assign(memo(Slot), { slotName: name, sameForEveryMember, sameForSamePart });
}
