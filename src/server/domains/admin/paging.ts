// The list helpers under the names the transfer requests' list still imports; they live in db/search.ts.
export { containsPattern as likePattern, pageWindow as pageOf } from "../../db/search";
