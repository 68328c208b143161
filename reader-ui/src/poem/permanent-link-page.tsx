import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { NotFoundPage } from '../ui/not-found-page';
import { NotFound, ReadFailure } from '../ui/not-found';
import { usePageTitle } from '../ui/use-page-title';
import { fetchSentenceIdentity, sentenceIdentityUrl, type SentenceIdentity } from './api';
import { serverAnswer, servedResult } from '../ui/server-answers';
import { SentenceDetails } from './sentence-page';
import type { Result } from '../ui/http';
import { Loading } from '../ui/loading';
import { permanentLink, sentencePath } from '../ui/poem-address';

/** `/s/{id}`: a sentence's permanent link, which finds it under whatever number it has now. */
export function PermanentLinkPage({ params }: { params: { id?: string } }) {
  const id = params.id !== undefined && /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  if (id === null || id < 1) return <NotFoundPage />;
  return <PermanentLink id={id} />;
}

function PermanentLink({ id }: { id: number }) {
  const [, navigate] = useLocation();
  // A page the server rendered knows where the link leads at once, and shows the sentence there.
  const [result, setResult] = useState<Result<SentenceIdentity> | null>(() => {
    const served = serverAnswer<SentenceIdentity>(sentenceIdentityUrl(id));
    return served ? servedResult(served) : null;
  });
  useEffect(() => {
    if (result !== null) return;
    const controller = new AbortController();
    fetchSentenceIdentity(id, controller.signal).then(setResult, () => undefined);
    return () => controller.abort();
  }, [id]);
  const found = result?.ok ? result.data.sentence : null;
  useEffect(() => {
    if (found !== null) navigate(sentencePath(found), { replace: true });
  }, [found, navigate]);
  usePageTitle(result === null || found !== null ? 'Loading' : 'Sentence withdrawn');
  if (found !== null) return <SentenceDetails n={found} />;
  if (result === null) return <Loading />;
  const ways = [{ href: '/lookup', label: 'Look up a sentence or line' }];
  if (!result.ok) return <ReadFailure failure={result} what={`The permanent link ${permanentLink(id)} leads to no sentence of the poem.`} ways={ways} />;
  return <NotFound message="Sentence withdrawn" what={`Sentence #${id} has been withdrawn from the poem (an edition no longer has it).`} ways={ways} />;
}
