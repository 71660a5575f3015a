/** The class of a ride card's 'Ajouter au plan' button (RideGrid), which the visit plan listens for. */
export const PLAN_ADD_CLASS = "plan-add";

/** The ride a click on a card's 'Ajouter au plan' adds: the one of the card's link, the button's previous sibling. */
export function rideOfPlanAddButton(target: Element): string | undefined {
  const card = target.closest(`.${PLAN_ADD_CLASS}`)?.previousElementSibling;
  return card instanceof HTMLElement ? card.dataset.attractionId : undefined;
}
