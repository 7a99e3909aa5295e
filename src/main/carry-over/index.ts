export { addDeclined, readDeclined } from './declined';
export { carriedLeft, leftoversOf } from './leftovers';
export { pickCarryOver } from './pick';
