/**
 * What the merchant wizard picks from (02 §3, §7) on the merchant base:
 *   GET /mymerchant/programs        embedded `programs` (views of the one program store)
 *   GET /mymerchant/programs/{id}   one program
 *   GET /mymerchant/languages       embedded `languages`
 *   GET /mymerchant/pagetype        embedded `pageTypes`, each with its sub-types as `children`
 *   GET /mymerchant/pagesubtype     embedded `pageSubtypes`
 */
import { type Router } from 'express';
import {
  MERCHANT_EMBEDDED,
  MERCHANT_PATHS,
  type MerchantPageType,
  type MerchantProgram,
} from '@contracts/api/merchant';
import type { DeepReadonly, ProgramRecord } from '../db/schema';
import type { Store } from '../db/store';
import { notFound } from '../http/errors';
import { embeddedList, pageQuery } from '../http/pagination';
import { idParams, validate } from '../http/validate';
import { recordedRouter } from '../http/route-table';

/** `/mymerchant/programs` is a view of the program store with 02 §3's field names. */
export function toMerchantProgram(record: DeepReadonly<ProgramRecord>): MerchantProgram {
  return { id: record.programId, name: record.schemeName, abbreviation: record.schemeAbbreviation };
}

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

export function createMerchantCatalogueRouter(store: Store): Router {
  const router = recordedRouter();

  router.get(MERCHANT_PATHS.programs, validate({ query: pageQuery }), (req, res) => {
    const programs = store.read().programs.map(toMerchantProgram).sort(byId);
    res.json(embeddedList(MERCHANT_EMBEDDED.programs, programs, req.query));
  });

  router.get(MERCHANT_PATHS.program(':id'), validate({ params: idParams }), (req, res) => {
    const { id } = req.params;
    const program = store.read().programs.find((candidate) => candidate.programId === id);
    if (program === undefined) throw notFound(`Program ${id} not found`);
    res.json(toMerchantProgram(program));
  });

  router.get(MERCHANT_PATHS.languages, validate({ query: pageQuery }), (req, res) => {
    const languages = store
      .read()
      .languages.map(({ id, languageName }) => ({ id, languageName }))
      .sort(byId);
    res.json(embeddedList(MERCHANT_EMBEDDED.languages, languages, req.query));
  });

  router.get(MERCHANT_PATHS.pageTypes, validate({ query: pageQuery }), (req, res) => {
    const data = store.read();
    const pageTypes: MerchantPageType[] = data.merchantPageTypes
      .map(({ id, name, fl_mandatory }) => ({
        id,
        name,
        fl_mandatory,
        children: data.merchantPageSubTypes
          .filter((sub) => sub.typeId === id)
          .map((sub) => ({ id: sub.id, typeId: sub.typeId, name: sub.name }))
          .sort(byId),
      }))
      .sort(byId);
    res.json(embeddedList(MERCHANT_EMBEDDED.pageTypes, pageTypes, req.query));
  });

  router.get(MERCHANT_PATHS.pageSubTypes, validate({ query: pageQuery }), (req, res) => {
    const subTypes = store
      .read()
      .merchantPageSubTypes.map(({ id, typeId, name }) => ({ id, typeId, name }))
      .sort(byId);
    res.json(embeddedList(MERCHANT_EMBEDDED.pageSubtypes, subTypes, req.query));
  });

  return router;
}
