/**
 * A player button's place while the button is not there (the track has no lyrics, or its code
 * is still on its way): the player's row keeps its layout whether the button comes or not.
 */
export default function ButtonSlot() {
  return <span className="player-button-slot" aria-hidden="true" />;
}
