import { Grid, Skeleton, Stat, Text } from "@chakra-ui/react";
import { headlineFigures } from "../../../shared/marketing";
import { trpc } from "../../trpc";

/**
 * The three headline figures (verified salespeople, average rating, dealership partners), counted by the
 * server at request time. While they load, placeholders hold the space; if the server can't answer, the
 * SPEC.md wording is shown and labelled as not live.
 */
export function HeadlineStats({ tone = "light" }: { tone?: "light" | "onDark" }) {
  const stats = trpc.site.stats.useQuery(undefined, { throwOnError: false });
  const figures = headlineFigures(stats.data);
  const onDark = tone === "onDark";
  return (
    <>
      <Grid
        templateColumns="repeat(3, auto)"
        justifyContent="start"
        columnGap={{ base: "5", md: "10" }}
        aria-busy={stats.isPending}
      >
        {figures.map((figure) => (
          <Stat.Root key={figure.key} gap="0" flex="none">
            <Skeleton loading={stats.isPending} minW="12" borderRadius="md">
              <Stat.ValueText
                fontSize={{ base: "2xl", md: "3xl" }}
                fontWeight="bold"
                color={onDark ? "white" : "ink"}
                title={figure.source}
              >
                {figure.value}
              </Stat.ValueText>
            </Skeleton>
            <Stat.Label color={onDark ? "blue.200" : "fg.muted"} fontSize="sm">
              {figure.label}
            </Stat.Label>
          </Stat.Root>
        ))}
      </Grid>
      <Text fontSize="xs" color={onDark ? "blue.200" : "fg.muted"} mt="2">
        {stats.isError
          ? "Live figures are unavailable right now; these are our published network figures."
          : "Counted live from KnowBefore: dealership-verified salespeople and purchase-verified ratings."}
      </Text>
    </>
  );
}
