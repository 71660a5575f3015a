import { Suspense, lazy, type ComponentProps } from "react";

// Members only, and a chunk of its own: the ride page's visitors download none of the plan's code.
const AddToPlanButton = lazy(() => import("./add-to-plan-button"));

/** The ride page's 'Ajouter au plan' (see AddToPlanButton); the page renders it for members only. */
export function RidePlanButton(props: ComponentProps<typeof AddToPlanButton>) {
  return (
    <Suspense fallback={null}>
      <AddToPlanButton {...props} />
    </Suspense>
  );
}
