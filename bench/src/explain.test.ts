import { describe, expect, it } from 'vitest'
import { planFacts } from './explain.ts'

describe('planFacts', () => {
  it('names the indexes a plan uses and the tables it scans sequentially', () => {
    const plan = [
      'Limit  (cost=1.2..3.4 rows=20 width=200) (actual time=1.0..1.1 rows=20 loops=1)',
      '  ->  Sort  (cost=1.2..3.4 rows=20 width=200)',
      '        ->  Bitmap Heap Scan on people  (cost=1.2..3.4 rows=20 width=200)',
      '              ->  Bitmap Index Scan on people_search_trgm_idx  (cost=0.00..1.2 rows=20 width=0)',
      '  ->  Index Scan using connections_author_created_idx on connections  (cost=0.4..8.4 rows=1)',
      '  ->  Seq Scan on events  (cost=0.00..5.00 rows=200 width=100)',
    ].join('\n')
    expect(planFacts(plan)).toEqual({
      indexesUsed: ['people_search_trgm_idx', 'connections_author_created_idx'],
      seqScans: ['events'],
    })
  })
})
