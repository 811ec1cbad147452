import { Box, Grid, Skeleton, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { headlineFigures } from "../../../shared/marketing";
import { siteQueries } from "./queries";

/**
 * The three headline figures (verified salespeople, average rating, dealership partners), counted by the
 * server at request time. While they load, placeholders hold the space; if the server can't answer, the
 * marketing wording (docs/product/public-site.md#headline-figures) is shown and labelled as not live.
 */
export function HeadlineStats({ tone = "light" }: { tone?: "light" | "onDark" }) {
  const stats = useQuery({ ...siteQueries.stats(), throwOnError: false });
  const figures = headlineFigures(stats.data);
  const onDark = tone === "onDark";
  return (
    <>
      <Grid
        as="dl"
        templateColumns="repeat(3, auto)"
        justifyContent="start"
        columnGap={{ base: "5", md: "10" }}
        aria-busy={stats.isPending}
      >
        {figures.map((figure) => (
          // Label first in the markup (a <dt> must precede its <dd>), value first on screen.
          <Box key={figure.key} display="flex" flexDirection="column-reverse">
            <Text as="dt" color={onDark ? "blue.200" : "fg.muted"} fontSize="sm">
              {figure.label}
            </Text>
            <Text
              as="dd"
              fontSize={{ base: "2xl", md: "3xl" }}
              fontWeight="bold"
              lineHeight="1.2"
              color={onDark ? "white" : "ink"}
              title={figure.source}
            >
              <Skeleton asChild loading={stats.isPending} minW="12" borderRadius="md">
                <span>{figure.value}</span>
              </Skeleton>
            </Text>
          </Box>
        ))}
      </Grid>
      <Text fontSize="xs" color={onDark ? "blue.200" : "fg.muted"} mt="2">
        {/* Seeded rows among the counts (a demo deployment) are said beside them: "Demo data: includes …". */}
        {stats.isError
          ? "Live counts unavailable: published figures shown."
          : `Counted live from KnowBefore: dealership-verified salespeople and visit-verified ratings. ${stats.data?.demoData?.note ?? ""}`}
      </Text>
    </>
  );
}
