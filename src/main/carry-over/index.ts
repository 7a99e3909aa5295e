export { carriedLeft, leftoversOf } from './leftovers';
