// What other features use of favorites: the heart on cards and profiles, and the saved list itself.
export { FavoriteButton } from "./FavoriteButton";
export { useFavorites } from "./useFavorites";
